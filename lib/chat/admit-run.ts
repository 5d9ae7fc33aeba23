import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { parseShelfSnapshot, shelfSnapshotSql } from "@/lib/documents/shelf-snapshot";
import { buildPinnedContext, type PinnedProjectContext } from "./pinned-context";

// Admission (design: "The run", step 1): resolve the thread's project once, server-side, and
// pin it for the whole run. Nothing from the request can reach this function's inputs: the
// project id comes from the user's own thread row, as admission's lock read it.

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
  // The project and its shelf in one statement: every statement of admission delays the run's
  // first byte. The shelf subquery is scoped by the same project and user as the project row.
  const [row] = await tx.$queryRaw<{ id: string; name: string; instructions: string; status: string; shelf: string }[]>`
    SELECT id, name, instructions, status::text AS status,
           (${shelfSnapshotSql({ projectId, userId, maxEntries: indexMaxEntries })}) AS shelf
    FROM "project"
    WHERE id = ${projectId} AND "userId" = ${userId}`;
  if (!row) return null;
  const { shelf, ...project } = row;
  return {
    pinned: buildPinnedContext({
      project,
      shelf: parseShelfSnapshot(shelf),
      limits: { indexMaxEntries, indexMaxBytes },
    }),
    archived: project.status === "archived",
  };
}

/**
 * The run's pin, read inside admission's transaction right after it locks the thread, from the
 * project id that lock read: the project the thread is in at admission, with no query of its
 * own for the thread and no transaction of its own.
 */
export async function admitProjectContext(
  tx: Tx,
  { threadId, projectId, userId }: { threadId: string; projectId: string | null; userId: string },
): Promise<PinnedProjectContext | null> {
  if (projectId === null) return null;
  try {
    const admitted = await pinProjectContext(tx, { projectId, userId });
    return admitted?.pinned ?? null;
  } catch (error) {
    // An organisational fault, not an authorisation one: run without project context.
    console.warn(`[chat] project context for thread ${threadId} could not be resolved; running unassigned`, error);
    return null;
  }
}
