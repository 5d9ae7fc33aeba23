import { transaction } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { chatScopeOf } from "@/lib/threads/thread-scope";
import type { Tx } from "@/lib/db/client";
import type { AdmittedProject } from "@/lib/context/pinned-context";
import { pinProjectContext } from "../admission/pin-project-context";
import { describeHistoryContext } from "./describe-history-context";
import type { HistoryContext } from "@/lib/context/history-context-dto";
import { readContextReport } from "./read-context-report";
import type { ContextReport } from "@/lib/context/context-report";

/**
 * The project context a run on this thread would pin now, read inside the caller's
 * transaction so the project and its shelf snapshot come from one consistent moment. Only this
 * endpoint reads it this way: admission pins from its own statement after the thread's lock
 * (record-admission.ts), through the same SQL (`projectContextSql`), so what the context panel
 * shows is what a run receives. Null for a thread outside a project (or not the user's).
 */
async function resolveProjectContext(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<AdmittedProject | null> {
  const thread = await tx.thread.findFirst({
    where: { id: threadId, userId },
    select: { projectId: true, scopeFolderIds: true, scopeDocumentIds: true },
  });
  if (!thread?.projectId) return null;
  return pinProjectContext(tx, { projectId: thread.projectId, userId, scope: chatScopeOf(thread) });
}

/** GET /api/threads/{id}/context: what the next run on this thread would receive, by admission's own code. */
export async function describeRunContext({
  threadId,
  userId,
}: {
  threadId: string;
  userId: string;
}): Promise<(ContextReport | { project: null }) & { history: HistoryContext }> {
  await getThreadOrThrow({ threadId, userId });
  const read = await transaction(async (tx) => {
    const admitted = await resolveProjectContext(tx, { threadId, userId });
    return admitted ? { pinned: admitted.pinned, report: await readContextReport(tx, admitted, userId) } : null;
  });
  const history = await describeHistoryContext({ userId, threadId, pinned: read?.pinned ?? null });
  return { ...(read?.report ?? { project: null }), history };
}
