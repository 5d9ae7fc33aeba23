import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ShelfSnapshot } from "./shelf-entry";

/** An entry as the snapshot's JSON carries it: id, name, size, updatedAt (ISO). */
type SnapshotTuple = [string, string, number, string];

/** The snapshot as `shelfSnapshotSql` gives it, inside the JSON that carries it. */
export interface ShelfSnapshotJson {
  total: number;
  entries: SnapshotTuple[];
}

export interface ShelfSnapshotQuery {
  projectId: string;
  userId: string;
  maxEntries: number;
}

/**
 * The bounded shelf snapshot pinned at admission, as SQL giving one JSON value: the exact live
 * count and the first `maxEntries + 1` rows in index order (`updatedAt DESC, id ASC`; one more
 * than can be shown, so the renderer can tell that something was left out). The count is the
 * project's documentCount, which every writer changes in the same transaction as the rows
 * (migration shelf_at_scale), so no read ever walks the whole shelf: a 10,000-document shelf
 * costs what a 10-document one does. Count and rows are read by one statement, so they come
 * from one snapshot at any isolation level. A subquery, so admission reads it in its project's
 * statement.
 */
export function shelfSnapshotSql({ projectId, userId, maxEntries }: ShelfSnapshotQuery): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
             'total', coalesce((SELECT "documentCount" FROM "project" WHERE id = ${projectId} AND "userId" = ${userId}), 0),
             'entries', coalesce(json_agg(json_build_array(id, name, "sizeBytes", ${isoTimeSql(Prisma.sql`"updatedAt"`)})
                                  ORDER BY "updatedAt" DESC, id ASC), '[]')
           )
    FROM (
      SELECT id, name, "sizeBytes", "updatedAt"
      FROM "project_document"
      WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL
      ORDER BY "updatedAt" DESC, id ASC
      LIMIT ${maxEntries + 1}
    ) AS shelf`;
}

/** The snapshot from the JSON value `shelfSnapshotSql` gives (parsed with what carries it). */
export function parseShelfSnapshot({ total, entries }: ShelfSnapshotJson): ShelfSnapshot {
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
