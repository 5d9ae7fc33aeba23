import { transaction, type Tx } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import type { DeleteProjectResult } from "./project-dto";

/**
 * Deletes a project (active or archived) in one transaction under its row lock: its threads
 * are kept and unlinked, its active documents move to the trash (trashOrigin names the
 * project), and so do its notes; then the row goes. Threads keep their own updatedAt: being unlinked is not
 * activity in the thread.
 */
export async function deleteProject({
  userId,
  projectId,
}: {
  userId: string;
  projectId: string;
}): Promise<DeleteProjectResult> {
  return transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "any" });
    if (!project) throw notFound();
    return deleteLockedProject(tx, { userId, project });
  });
}

/** The delete itself, in the caller's transaction, which holds the project's lock (a merge ends with it too). */
export async function deleteLockedProject(
  tx: Tx,
  { userId, project }: { userId: string; project: { id: string; name: string } },
): Promise<DeleteProjectResult> {
  const projectId = project.id;
  const unlinkedThreads = await tx.$executeRaw`
    UPDATE "thread" SET "projectId" = NULL, "updatedAt" = "updatedAt"
    WHERE "projectId" = ${projectId} AND "userId" = ${userId}`;
  // Documents outlive their project in the trash; trashOrigin remembers where they were.
  const { count: trashedDocuments } = await tx.projectDocument.updateMany({
    where: { projectId, userId, trashedAt: null },
    data: { trashedAt: new Date(), trashOrigin: { projectId, projectName: project.name } },
  });
  // Its memory goes the same way: every live note (whatever its state) to the trash.
  await tx.projectNote.updateMany({
    where: { projectId, userId, trashedAt: null },
    data: { trashedAt: new Date(), trashOrigin: { projectId, projectName: project.name } },
  });
  await tx.project.delete({ where: { id: projectId, userId } });
  return { unlinkedThreads, trashedDocuments };
}
