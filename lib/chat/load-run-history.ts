import type { Db, Tx } from "@/lib/db/client";
import type { ChatMessage } from "./chat-message";
import { loadThreadHistory } from "./thread-history";
import { readThreadSummary, type ThreadSummary } from "./thread-summary";

// What a run reads of its thread: the summary, and only the messages after the last one it
// covers, so a run on a 300-exchange thread loads about as much as one on a short thread.
// A summary whose last covered message is gone is ignored and the whole history is read.

export interface RunHistory {
  summary: ThreadSummary | null;
  messages: ChatMessage[];
}

/** `known.summary`: the thread's summary when the caller has just read it (admission's lock). */
export async function loadRunHistory(
  db: Db | Tx,
  owned: { threadId: string; userId: string },
  known?: { summary: ThreadSummary | null },
): Promise<RunHistory> {
  const summary = known ? known.summary : await readThreadSummary(db, owned);
  const boundary = summary
    ? await db.message.findFirst({
        where: { id: summary.throughMessageId, threadId: owned.threadId, thread: { userId: owned.userId } },
        select: { seq: true },
      })
    : null;
  if (!summary || !boundary) return { summary: null, messages: await loadThreadHistory(db, owned) };
  return { summary, messages: await loadThreadHistory(db, { ...owned, afterSeq: boundary.seq }) };
}
