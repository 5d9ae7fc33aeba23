import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { requireOwnedFolder } from "@/lib/folders/owned-folder";
import { toDocumentDto, type DocumentDto } from "./document-dto";

/**
 * PATCH /api/projects/{id}/documents/{docId}: puts a live document into one of the project's
 * folders (null: the root). Under the active owned project's lock, which folder deletes and
 * moves take too, the folder is confirmed and one guarded statement moves the row; a missing,
 * foreign or trashed document, or a folder of another shelf, is a 404. Nothing on disk moves:
 * a folder is a row, not a directory.
 */
export async function moveDocument({
  userId,
  projectId,
  documentId,
  folderId,
}: {
  userId: string;
  projectId: string;
  documentId: string;
  folderId: string | null;
}): Promise<DocumentDto> {
  return transaction(async (tx) => {
    if (!(await lockOwnedProject(tx, { projectId, userId, scope: "active" }))) throw notFound();
    const folder = folderId ? await requireOwnedFolder(tx, { userId, projectId, folderId }) : null;
    // Raw, so `updatedAt` (the document's "modified", and the index's order) stays as it was.
    const count = await tx.$executeRaw`
      UPDATE "project_document" SET "folderId" = ${folder?.id ?? null}::text
      WHERE id = ${documentId} AND "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL`;
    if (count === 0) throw notFound();
    const row = await tx.projectDocument.findFirstOrThrow({ where: { id: documentId, userId } });
    return toDocumentDto({ ...row, folderPath: folder?.path ?? null });
  });
}
