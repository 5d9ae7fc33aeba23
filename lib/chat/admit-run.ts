import { config } from "@/lib/config/env";
import { transaction, type Tx } from "@/lib/db/client";
import { readShelfSnapshot } from "@/lib/documents/shelf-snapshot";
import { buildPinnedContext, type PinnedProjectContext } from "./pinned-context";

// Admission (design: "The run", step 1): resolve the thread's project once, server-side, and
// pin it for the whole run. Nothing from the request can reach this function's inputs except
// the thread id, which the caller has already checked belongs to the user.

export interface AdmittedProject {
  pinned: PinnedProjectContext;
  archived: boolean;
}

/**
 * The project context a run on this thread would pin now, read inside the caller's
 * transaction so the project and its shelf snapshot come from one consistent moment. Shared by
 * admission and by the context endpoints, so what the context panel shows is what a run
 * receives. Null for a thread outside a project (or not the user's).
 */
export async function resolveProjectContext(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<AdmittedProject | null> {
  const thread = await tx.thread.findFirst({ where: { id: threadId, userId }, select: { projectId: true } });
  if (!thread?.projectId) return null;
  return pinProjectContext(tx, { projectId: thread.projectId, userId });
}

/** The context any chat of this project would pin now; null when the project is not the user's. */
export async function pinProjectContext(
  tx: Tx,
  { projectId, userId }: { projectId: string; userId: string },
): Promise<AdmittedProject | null> {
  const { indexMaxEntries, indexMaxBytes } = config();
  const project = await tx.project.findFirst({
    where: { id: projectId, userId },
    select: { id: true, name: true, instructions: true, status: true },
  });
  if (!project) return null;
  const shelf = await readShelfSnapshot(tx, { projectId: project.id, userId, maxEntries: indexMaxEntries });
  return {
    pinned: buildPinnedContext({ project, shelf, limits: { indexMaxEntries, indexMaxBytes } }),
    archived: project.status === "archived",
  };
}

export async function admitProjectContext({
  threadId,
  userId,
}: {
  threadId: string;
  userId: string;
}): Promise<PinnedProjectContext | null> {
  try {
    const admitted = await transaction((tx) => resolveProjectContext(tx, { threadId, userId }));
    return admitted?.pinned ?? null;
  } catch (error) {
    // An organisational fault, not an authorisation one: run without project context.
    console.warn(`[chat] project context for thread ${threadId} could not be resolved; running unassigned`, error);
    return null;
  }
}
