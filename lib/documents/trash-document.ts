import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";

/**
 * DELETE /api/projects/{id}/documents/{docId}: moves a document to the trash
 * (docs/architecture.md § "Where each design rule lives"). Project lock first, then the document
 * row; a guarded update so a concurrent trash of the same row changes nothing twice. Nothing on
 * disk is touched: the bytes stay where they are until purge. The folder it sat in is remembered in
 * its origin. Archived projects are read-only: 404.
 */
export async function trashDocument({
  userId,
  projectId,
  documentId,
}: {
  userId: string;
  projectId: string;
  documentId: string;
}): Promise<void> {
  await transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    const locked = await tx.$queryRaw<{ id: string; folderId: string | null }[]>`
      SELECT id, "folderId" FROM "project_document"
      WHERE id = ${documentId} AND "projectId" = ${projectId} AND "userId" = ${userId}
      FOR UPDATE`;
    if (locked.length === 0) throw notFound();
    const { count } = await tx.projectDocument.updateMany({
      where: { id: documentId, projectId, userId, trashedAt: null },
      data: {
        trashedAt: new Date(),
        // The folder only when it had one: a root document's origin stays as it always was.
        trashOrigin: {
          projectId,
          projectName: project.name,
          ...(locked[0]!.folderId ? { folderId: locked[0]!.folderId } : {}),
        },
        folderId: null,
      },
    });
    if (count === 0) throw notFound();
  });
}
