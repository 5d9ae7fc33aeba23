import { transaction } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { resolveProjectContext } from "./admit-run";
import { readContextSummary } from "./read-context-summary";
import type { RunContextSummary } from "./summarise-run-context";

/** GET /api/threads/{id}/context: what the next run on this thread would receive, by admission's own code. */
export async function describeRunContext({ threadId, userId }: { threadId: string; userId: string }): Promise<RunContextSummary | { project: null }> {
  await getThreadOrThrow({ threadId, userId });
  const summary = await transaction(async (tx) => {
    const admitted = await resolveProjectContext(tx, { threadId, userId });
    return admitted ? readContextSummary(tx, admitted, userId) : null;
  });
  return summary ?? { project: null };
}
