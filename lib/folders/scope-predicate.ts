import { Prisma } from "@/lib/generated/prisma/client";
import type { ChatScope } from "@/lib/threads/thread-scope";

// The one predicate every reader of a scoped shelf applies (the index, the three shelf tools,
// search and the context endpoint), beside the same owner and project conditions as the
// ownership check, so a document outside a chat's scope is exactly as absent as a foreign one.

/**
 * Whether the document row aliased `d` lies inside the scope: one of its documents, or in one of
 * its folders or below (a folder's lineage holds every folder above it, so "below" is an array
 * overlap through the lineage index, never a recursive walk). TRUE for no scope.
 */
export function inScopeSql(scope: ChatScope | null, projectId: string): Prisma.Sql {
  if (scope === null) return Prisma.sql`TRUE`;
  // ARRAY(…) is evaluated once per statement, so the folder condition is a `= ANY` over the
  // folder index rather than a subquery probed for every row of the shelf.
  return Prisma.sql`(d.id = ANY(${scope.documentIds}::text[]) OR d."folderId" = ANY(ARRAY(
    SELECT sf.id FROM "project_folder" sf WHERE sf."projectId" = ${projectId} AND sf.lineage && ${scope.folderIds}::text[])))`;
}
