import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { toThreadDto, type ThreadDto } from "./thread-dto";

/** Creates a thread, in a project when one is given (it must be the caller's and active). */
export async function createThread({
  userId,
  projectId,
  title = "",
}: {
  userId: string;
  projectId?: string | null;
  title?: string;
}): Promise<ThreadDto> {
  return transaction(async (tx) => {
    if (projectId) {
      const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
      if (!project) throw notFound();
    }
    const thread = await tx.thread.create({ data: { userId, projectId: projectId ?? null, title } });
    return toThreadDto(thread);
  });
}
