import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";
import type { ShelfSnapshot } from "./shelf-entry";

/** An entry as the snapshot's JSON carries it: id, name, size, updatedAt (ISO), folder path. */
type SnapshotTuple = [string, string, number, string, string | null];

/** The snapshot as `shelfSnapshotSql` gives it, inside the JSON that carries it. */
export interface ShelfSnapshotJson {
  total: number;
  entries: SnapshotTuple[];
}

export interface ShelfSnapshotQuery {
  projectId: string;
  userId: string;
  maxEntries: number;
  /** The chat's scope: only documents inside it are counted and listed; null: the whole shelf. */
  scope: ChatScope | null;
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
export function shelfSnapshotSql({ projectId, userId, maxEntries, scope }: ShelfSnapshotQuery): Prisma.Sql {
  const live = Prisma.sql`d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL`;
  // A scoped chat's count is its scope's, counted through the folder and primary-key indexes
  // (the scope's documents only, never the whole shelf).
  const total =
    scope === null
      ? Prisma.sql`(SELECT "documentCount" FROM "project" WHERE id = ${projectId} AND "userId" = ${userId})`
      : Prisma.sql`(SELECT count(*)::int FROM "project_document" d WHERE ${live} AND ${inScopeSql(scope, projectId)})`;
  return Prisma.sql`
    SELECT json_build_object(
             'total', coalesce(${total}, 0),
             'entries', coalesce(json_agg(json_build_array(shelf.id, shelf.name, shelf."sizeBytes",
                                  ${isoTimeSql(Prisma.sql`shelf."updatedAt"`)}, f.path)
                                  ORDER BY shelf."updatedAt" DESC, shelf.id ASC), '[]')
           )
    FROM (
      SELECT d.id, d.name, d."sizeBytes", d."updatedAt", d."folderId"
      FROM "project_document" d
      WHERE ${live} AND ${inScopeSql(scope, projectId)}
      ORDER BY d."updatedAt" DESC, d.id ASC
      LIMIT ${maxEntries + 1}
    ) AS shelf
    -- The listed documents' folder paths, materialised on each folder: one key lookup per entry.
    LEFT JOIN "project_folder" f ON f.id = shelf."folderId"`;
}

/** The snapshot from the JSON value `shelfSnapshotSql` gives (parsed with what carries it). */
export function parseShelfSnapshot({ total, entries }: ShelfSnapshotJson): ShelfSnapshot {
  return {
    total,
    entries: entries.map(([id, name, sizeBytes, updatedAt, folderPath]) => ({
      id,
      name,
      sizeBytes,
      updatedAt: new Date(updatedAt),
      folderPath,
    })),
  };
}
