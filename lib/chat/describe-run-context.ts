import { transaction } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { resolveProjectContext } from "./admit-run";
import { describeHistoryContext } from "./describe-history-context";
import type { HistoryContext } from "./history-context-dto";
import { readContextSummary } from "./read-context-summary";
import type { RunContextSummary } from "./summarise-run-context";

/** GET /api/threads/{id}/context: what the next run on this thread would receive, by admission's own code. */
export async function describeRunContext({
  threadId,
  userId,
}: {
  threadId: string;
  userId: string;
}): Promise<(RunContextSummary | { project: null }) & { history: HistoryContext }> {
  await getThreadOrThrow({ threadId, userId });
  const read = await transaction(async (tx) => {
    const admitted = await resolveProjectContext(tx, { threadId, userId });
    return admitted ? { pinned: admitted.pinned, summary: await readContextSummary(tx, admitted, userId) } : null;
  });
  const history = await describeHistoryContext({ userId, threadId, pinned: read?.pinned ?? null });
  return { ...(read?.summary ?? { project: null }), history };
}
