import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { readShelfSnapshot } from "@/lib/documents/shelf-snapshot";
import { buildPinnedContext, type PinnedProjectContext } from "./pinned-context";

// Admission (design: "The run", step 1): resolve the thread's project once, server-side, and
// pin it for the whole run. Nothing from the request can reach this function's inputs except
// the thread id, which the caller has already checked belongs to the user.

export async function admitProjectContext({ threadId, userId }: { threadId: string; userId: string }): Promise<PinnedProjectContext | null> {
  try {
    const { indexMaxEntries, indexMaxBytes } = config();
    // One transaction: the project and its shelf snapshot are read at one consistent moment.
    const admitted = await transaction(async (tx) => {
      const thread = await tx.thread.findFirst({ where: { id: threadId, userId }, select: { projectId: true } });
      if (!thread?.projectId) return null;
      const project = await tx.project.findFirst({
        where: { id: thread.projectId, userId },
        select: { id: true, name: true, instructions: true },
      });
      if (!project) return null;
      const shelf = await readShelfSnapshot(tx, { projectId: project.id, userId, maxEntries: indexMaxEntries });
      return { project, shelf };
    });
    if (!admitted) return null;
    const { project, shelf } = admitted;
    return buildPinnedContext({ project, shelf, limits: { indexMaxEntries, indexMaxBytes } });
  } catch (error) {
    // An organisational fault, not an authorisation one: run without project context.
    console.warn(`[chat] project context for thread ${threadId} could not be resolved; running unassigned`, error);
    return null;
  }
}
