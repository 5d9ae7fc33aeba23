import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { buildPinnedContext, type PinnedProjectContext } from "./pinned-context";

// Admission (design: "The run", step 1): resolve the thread's project once, server-side, and
// pin it for the whole run. Nothing from the request can reach this function's inputs except
// the thread id, which the caller has already checked belongs to the user.

export async function admitProjectContext({ threadId, userId }: { threadId: string; userId: string }): Promise<PinnedProjectContext | null> {
  try {
    const db = await getDb();
    const thread = await db.thread.findFirst({ where: { id: threadId, userId }, select: { projectId: true } });
    if (!thread?.projectId) return null;
    const project = await db.project.findFirst({
      where: { id: thread.projectId, userId },
      select: { id: true, name: true, instructions: true },
    });
    if (!project) return null;
    const { indexMaxEntries, indexMaxBytes } = config();
    // The document shelf is not built yet, so every shelf is empty and renders no index.
    const shelf = { total: 0, entries: [] };
    return buildPinnedContext({ project, shelf, limits: { indexMaxEntries, indexMaxBytes } });
  } catch (error) {
    // An organisational fault, not an authorisation one: run without project context.
    console.warn(`[chat] project context for thread ${threadId} could not be resolved; running unassigned`, error);
    return null;
  }
}
