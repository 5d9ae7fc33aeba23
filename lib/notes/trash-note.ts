import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { lockOwnedNote } from "./lock-owned-note";

/**
 * DELETE /api/projects/{id}/notes/{noteId}: the note goes to the trash with the project it
 * came from, restorable until the retention window ends; from that moment no run's memory
 * holds it. Project lock, then the note; an archived project takes no changes (404).
 */
export async function trashNote({
  userId,
  projectId,
  noteId,
}: {
  userId: string;
  projectId: string;
  noteId: string;
}): Promise<void> {
  await transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    if (!(await lockOwnedNote(tx, { noteId, projectId, userId }))) throw notFound();
    await tx.projectNote.update({
      where: { id: noteId, userId },
      data: { trashedAt: new Date(), trashOrigin: { projectId, projectName: project.name } },
    });
  });
}
