import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { toThreadDto, type ThreadDto } from "./thread-dto";

/**
 * Moves a thread into one of the caller's active projects, or out of its project (null).
 * The target is locked, so a concurrent archive or delete cannot slip in between the check
 * and the move. The change takes effect on the thread's next run; history is not rewritten.
 */
export async function moveThread({
  userId,
  threadId,
  projectId,
}: {
  userId: string;
  threadId: string;
  projectId: string | null;
}): Promise<ThreadDto> {
  return transaction(async (tx) => {
    if (projectId) {
      const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
      if (!project) throw notFound();
    }
    // A scope names one project's folders and documents: a move clears it (the whole shelf).
    const moved = await tx.thread.updateMany({
      where: { id: threadId, userId },
      data: { projectId, scopeFolderIds: [], scopeDocumentIds: [] },
    });
    if (moved.count === 0) throw notFound();
    const thread = await tx.thread.findFirstOrThrow({ where: { id: threadId, userId } });
    return toThreadDto(thread);
  });
}
