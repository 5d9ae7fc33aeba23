import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { requireOwnedFolder } from "./owned-folder";

/**
 * DELETE /api/projects/{id}/folders/{folderId}: the folder, its subfolders and every live
 * document in them, in one transaction under the active owned project's lock. The documents go
 * to the trash as a single document does (nothing on disk is touched), each remembering the
 * folder it sat in (`trashOrigin.folderId`): restore puts it back there when that folder still
 * exists, else at the root. The folder rows themselves are deleted (the subtree by its parent
 * key's cascade). Returns how many documents went to the trash.
 */
export async function deleteFolder({
  userId,
  projectId,
  folderId,
}: {
  userId: string;
  projectId: string;
  folderId: string;
}): Promise<{ trashedDocuments: number }> {
  return transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    const folder = await requireOwnedFolder(tx, { userId, projectId, folderId });
    const trashedDocuments = await tx.$executeRaw`
      UPDATE "project_document" d SET
        "trashedAt" = now() AT TIME ZONE 'UTC',
        "trashOrigin" = jsonb_build_object('projectId', ${projectId}::text, 'projectName', ${project.name}::text, 'folderId', d."folderId"),
        "folderId" = NULL
      WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
        AND d."folderId" IN (
          SELECT f.id FROM "project_folder" f
          WHERE f."projectId" = ${projectId} AND f."userId" = ${userId} AND f.lineage @> ARRAY[${folder.id}]::text[])`;
    await tx.projectFolder.deleteMany({ where: { id: folder.id, projectId, userId } });
    return { trashedDocuments };
  });
}
