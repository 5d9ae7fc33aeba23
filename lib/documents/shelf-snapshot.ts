import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ShelfSnapshot } from "./shelf-entry";

/** An entry as the snapshot's JSON carries it: id, name, size, updatedAt (ISO). */
type SnapshotTuple = [string, string, number, string];

export interface ShelfSnapshotQuery {
  projectId: string;
  userId: string;
  maxEntries: number;
}

/**
 * The bounded shelf snapshot pinned at admission, as SQL giving one JSON value: the exact live
 * count and the first `maxEntries + 1` rows in index order (`updatedAt DESC, id ASC`; one more
 * than can be shown, so the renderer can tell that something was left out). One statement,
 * so count and rows come from the same snapshot at any isolation level: `count(*) OVER ()` is
 * taken before LIMIT applies. A subquery, so admission reads it in its project's statement.
 */
export function shelfSnapshotSql({ projectId, userId, maxEntries }: ShelfSnapshotQuery): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
             'total', coalesce(max(total), 0),
             'entries', coalesce(json_agg(json_build_array(id, name, "sizeBytes", ${isoTimeSql(Prisma.sql`"updatedAt"`)})
                                  ORDER BY "updatedAt" DESC, id ASC), '[]')
           )::text
    FROM (
      SELECT id, name, "sizeBytes", "updatedAt", count(*) OVER () AS total
      FROM "project_document"
      WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL
      ORDER BY "updatedAt" DESC, id ASC
      LIMIT ${maxEntries + 1}
    ) AS shelf`;
}

/** The snapshot from the text `shelfSnapshotSql` gives. */
export function parseShelfSnapshot(text: string): ShelfSnapshot {
  const { total, entries } = JSON.parse(text) as { total: number; entries: SnapshotTuple[] };
  return {
    total,
    entries: entries.map(([id, name, sizeBytes, updatedAt]) => ({
      id,
      name,
      sizeBytes,
      updatedAt: new Date(updatedAt),
    })),
  };
}
