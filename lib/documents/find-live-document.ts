import { getDb } from "@/lib/db/client";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";

/**
 * A live (not trashed) document of an owned project, active or archived; 404 otherwise. One
 * read: a live row of this user in this project proves the project is theirs (a project
 * delete trashes its rows in the same transaction), so the project row is not read too.
 */
export async function findLiveDocumentOrThrow({
  userId,
  projectId,
  documentId,
}: {
  userId: string;
  projectId: string;
  documentId: string;
}): Promise<ProjectDocument> {
  const db = await getDb();
  const row = await db.projectDocument.findFirst({ where: { id: documentId, projectId, userId, trashedAt: null } });
  if (!row) throw notFound();
  return row;
}
