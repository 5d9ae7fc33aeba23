import type { Tx } from "@/lib/db/client";
import type { ThreadSummary } from "./thread-summary";

// Admission's first statement: takes the thread's row lock (an UPDATE locks the row as
// SELECT … FOR UPDATE does), marks the chat as just used, and reads its summary, in one
// round trip instead of three: every statement here delays the run's first byte. Rolled back
// with the rest of admission when the run is refused (409, nothing to regenerate).

/** Null when the thread is missing or not the user's; otherwise the thread's summary, if any. */
export async function lockThreadForRun(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<{ summary: ThreadSummary | null } | null> {
  const rows = await tx.$queryRaw<
    {
      summary: string | null;
      summaryThroughMessageId: string | null;
      summaryUpdatedAt: Date | null;
    }[]
  >`
    UPDATE "thread" SET "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE id = ${threadId} AND "userId" = ${userId}
    RETURNING summary, "summaryThroughMessageId", "summaryUpdatedAt"`;
  const row = rows[0];
  if (!row) return null;
  if (!row.summary || !row.summaryThroughMessageId) return { summary: null };
  return {
    summary: {
      text: row.summary,
      throughMessageId: row.summaryThroughMessageId,
      updatedAt: row.summaryUpdatedAt ? new Date(row.summaryUpdatedAt) : new Date(0),
    },
  };
}
