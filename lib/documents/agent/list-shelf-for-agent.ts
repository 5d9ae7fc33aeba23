import { getDb } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import { nextOffset } from "@/lib/http/paging";
import type { ChatScope } from "@/lib/threads/thread-scope";

export interface AgentShelfPage {
  total: number;
  offset: number;
  nextOffset: number | null;
  documents: { id: string; name: string; folder: string | null; sizeBytes: number; updatedAt: string }[];
}

/**
 * The `list_project_documents` page: live rows of the pinned project inside the chat's scope,
 * in the index's own order, so "…and 7 more" continues exactly where the index stopped; with
 * `folder` (a path as the index shows it, matched case-insensitively), only that folder and
 * everything below it. The project id and scope come from the run's pinned context (resolved
 * owner-scoped at admission), never from the model. An unknown folder is an `{error}`.
 */
export async function listShelfForAgent({
  userId,
  projectId,
  scope,
  folder,
  offset,
  limit,
}: {
  userId: string;
  projectId: string;
  scope: ChatScope | null;
  folder?: string;
  offset: number;
  limit: number;
}): Promise<AgentShelfPage | { error: string }> {
  const db = await getDb();
  let inFolder = Prisma.sql`TRUE`;
  if (folder !== undefined && folder.replace(/^\/+|\/+$/g, "") !== "") {
    const path = folder
      .normalize("NFC")
      .trim()
      .replace(/^\/+|\/+$/g, "");
    const found = await db.$queryRaw<{ id: string }[]>`
      SELECT id FROM "project_folder" WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND lower(path) = lower(${path})`;
    if (found.length === 0)
      return {
        error: `No folder ${JSON.stringify(path)} is on this project's shelf. Folder paths are shown before each document name in the index.`,
      };
    inFolder = Prisma.sql`d."folderId" = ANY(ARRAY(
      SELECT f.id FROM "project_folder" f WHERE f."projectId" = ${projectId} AND f.lineage @> ARRAY[${found[0]!.id}]::text[]))`;
  }
  const where = Prisma.sql`d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
    AND ${inScopeSql(scope, projectId)} AND ${inFolder}`;
  const [[counted], rows] = await db.$transaction([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM "project_document" d WHERE ${where}`,
    db.$queryRaw<{ id: string; name: string; folder: string | null; sizeBytes: bigint; updatedAt: string }[]>`
      SELECT d.id, d.name, f.path AS folder, d."sizeBytes", ${isoTimeSql(Prisma.sql`d."updatedAt"`)} AS "updatedAt"
      FROM "project_document" d LEFT JOIN "project_folder" f ON f.id = d."folderId"
      WHERE ${where}
      -- The shelf's default order, the one the pinned index shows.
      ORDER BY d."updatedAt" DESC, d.id ASC
      OFFSET ${offset} LIMIT ${limit}`,
  ]);
  const total = counted?.total ?? 0;
  return {
    total,
    offset,
    nextOffset: nextOffset(offset, rows.length, total),
    documents: rows.map((row) => ({
      id: row.id,
      name: row.name,
      folder: row.folder,
      sizeBytes: Number(row.sizeBytes),
      updatedAt: row.updatedAt,
    })),
  };
}
