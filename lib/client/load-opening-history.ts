import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { api } from "@/lib/client/api";

export interface OpeningHistory {
  messages: ThreadMessage[];
  /** A reply still being written (on any instance) that the page should follow; else null. */
  activeRunId: string | null;
}

/**
 * What a chat page opens with: the saved history and, when a reply is still being written,
 * its run, so the page can follow it (lib/client/follow-run.ts) instead of showing an
 * unanswered question.
 *
 * A running run's answer is saved only when it ends, so while it runs the history ends with
 * the question it answers. Hence the order: the history first; only when it ends with a user
 * message are the runs asked. A run still running then had not saved its answer when the
 * history was read, so following it from its start shows the answer exactly once. A run that
 * ended in between did save it: the history is read again.
 */
export async function loadOpeningHistory(threadId: string): Promise<OpeningHistory> {
  const messages = await api.threadMessages(threadId);
  if (messages.at(-1)?.role !== "user") return { messages, activeRunId: null };
  const runs = await api.threadRuns(threadId);
  const running = runs.find((run) => run.status === "running");
  if (running) return { messages, activeRunId: running.id };
  return { messages: runs.length ? await api.threadMessages(threadId) : messages, activeRunId: null };
}
