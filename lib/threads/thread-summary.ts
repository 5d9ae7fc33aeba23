import type { Db, Tx } from "@/lib/db/client";

// The thread's summary of its older turns (docs/architecture.md § "Glossary"). It lives on the
// thread row, never in `message`: the turns it covers stay in the history and in the UI, and only
// model requests read the summary instead of them.

export interface ThreadSummary {
  text: string;
  /** The last persisted message the summary covers; the request carries the turns after it. */
  throughMessageId: string;
  updatedAt: Date;
}

type Owned = { threadId: string; userId: string };

export async function readThreadSummary(db: Db | Tx, { threadId, userId }: Owned): Promise<ThreadSummary | null> {
  const thread = await db.thread.findFirst({
    where: { id: threadId, userId },
    select: { summary: true, summaryThroughMessageId: true, summaryUpdatedAt: true },
  });
  if (!thread?.summary || !thread.summaryThroughMessageId) return null;
  return {
    text: thread.summary,
    throughMessageId: thread.summaryThroughMessageId,
    updatedAt: thread.summaryUpdatedAt ?? new Date(0),
  };
}

export async function saveThreadSummary(
  db: Db | Tx,
  { threadId, userId }: Owned,
  { text, throughMessageId }: Pick<ThreadSummary, "text" | "throughMessageId">,
): Promise<void> {
  await db.thread.updateMany({
    where: { id: threadId, userId },
    data: { summary: text, summaryThroughMessageId: throughMessageId, summaryUpdatedAt: new Date() },
  });
}
