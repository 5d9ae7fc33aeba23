import { transaction } from "@/lib/db/client";
import { lockOwnedProject, lockOwnedThread } from "@/lib/db/locks";
import { notFound, validationError } from "@/lib/errors";
import { toThreadDto, type ThreadDto } from "@/lib/threads/thread-dto";
import type { ChatScope } from "@/lib/threads/thread-scope";

/**
 * PATCH /api/threads/{id} `{scope}`: limits a chat to some folders and documents of its
 * project (null, or both lists empty: the whole shelf again). Every id must be a folder or a
 * live document of the chat's own project, as the caller's, or the answer is 404 like any
 * foreign id; a chat outside a project has no shelf to scope (422). Project before thread, as
 * every lock order here; the thread's project is re-read under its lock.
 */
export async function setThreadScope({
  userId,
  threadId,
  scope,
}: {
  userId: string;
  threadId: string;
  scope: ChatScope | null;
}): Promise<ThreadDto> {
  const folderIds = [...new Set(scope?.folderIds ?? [])];
  const documentIds = [...new Set(scope?.documentIds ?? [])];
  return transaction(async (tx) => {
    const glimpse = await tx.thread.findFirst({ where: { id: threadId, userId }, select: { projectId: true } });
    if (!glimpse) throw notFound();
    const projectId = glimpse.projectId;
    if (projectId && !(await lockOwnedProject(tx, { projectId, userId, scope: "any" }))) throw notFound();
    if (!(await lockOwnedThread(tx, { threadId, userId }))) throw notFound();
    const thread = await tx.thread.findFirstOrThrow({ where: { id: threadId, userId }, select: { projectId: true } });
    if (thread.projectId !== projectId) throw notFound();
    if (folderIds.length + documentIds.length > 0) {
      if (!projectId) throw validationError("scope", "A chat outside a project has no shelf to scope.");
      const folders = await tx.projectFolder.count({ where: { id: { in: folderIds }, projectId, userId } });
      const documents = await tx.projectDocument.count({
        where: { id: { in: documentIds }, projectId, userId, trashedAt: null },
      });
      if (folders !== folderIds.length || documents !== documentIds.length) throw notFound();
    }
    const updated = await tx.thread.update({
      where: { id: threadId, userId },
      data: { scopeFolderIds: folderIds, scopeDocumentIds: documentIds },
    });
    return toThreadDto(updated);
  });
}
