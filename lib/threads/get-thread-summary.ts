import { getDb } from "@/lib/db/client";
import { getThreadOrThrow } from "./get-thread";
import type { ThreadSummaryDto } from "./thread-summary-dto";
import { readThreadSummary } from "./thread-summary";

/** GET /api/threads/{id}/summary: what the model is given instead of the older turns, if anything. */
export async function getThreadSummary({
  userId,
  threadId,
}: {
  userId: string;
  threadId: string;
}): Promise<ThreadSummaryDto | null> {
  await getThreadOrThrow({ threadId, userId });
  const summary = await readThreadSummary(await getDb(), { threadId, userId });
  return summary
    ? { text: summary.text, throughMessageId: summary.throughMessageId, updatedAt: summary.updatedAt.toISOString() }
    : null;
}
