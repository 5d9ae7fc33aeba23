import type { Db, Tx } from "@/lib/db/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";

/**
 * The live documents the agent's index leaves out: index order (`updatedAt DESC, id ASC`,
 * as in shelf-snapshot.ts) from the first one not shown, inside the chat's scope (the index's
 * own predicate). The index is always a prefix of that order, so these are exactly the
 * documents reachable only through the tools.
 */
export async function listDocumentsOutsideIndex(
  db: Db | Tx,
  {
    projectId,
    userId,
    shown,
    limit,
    scope,
  }: { projectId: string; userId: string; shown: number; limit: number; scope: ChatScope | null },
): Promise<{ id: string; name: string }[]> {
  return db.$queryRaw<{ id: string; name: string }[]>`
    SELECT d.id, d.name FROM "project_document" d
    WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
      AND ${inScopeSql(scope, projectId)}
    ORDER BY d."updatedAt" DESC, d.id ASC
    OFFSET ${shown} LIMIT ${limit}`;
}
