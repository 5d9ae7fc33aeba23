import type { Db, Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { parseThreadMessages, threadMessagesSql, type MessageTuple } from "@/lib/thread-messages/thread-history";
import { readThreadSummary, type ThreadSummary } from "@/lib/threads/thread-summary";

// What a run reads of its thread: the summary, and only the messages after the last one it
// covers, so a run on a 300-exchange thread loads about as much as one on a short thread.
// A summary whose last covered message is gone is ignored and the whole history is read.

export interface RunHistory {
  summary: ThreadSummary | null;
  messages: ThreadMessage[];
}

type Owned = { threadId: string; userId: string };

/**
 * The messages after the one a summary covers through (all of them without one), in order, as
 * SQL giving one JSON text: a subquery, so admission reads them in its one statement with
 * everything else (record-admission.ts). `boundary` says whether the covered message was found;
 * when it was not, the messages are the whole history.
 */
export function runHistorySql(owned: Owned, throughMessageId: string | null): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
             'boundary', boundary.seq IS NOT NULL,
             'messages', ${threadMessagesSql(owned, Prisma.sql`coalesce(boundary.seq, 0)`)})::text
    FROM (SELECT (SELECT seq FROM "message" WHERE id = ${throughMessageId} AND "threadId" = ${owned.threadId}) AS seq)
      AS boundary`;
}

/** The history from the text `runHistorySql` gives, for the summary it was read with. */
export function parseRunHistory(text: string, summary: ThreadSummary | null): RunHistory {
  const { boundary, messages } = JSON.parse(text) as { boundary: boolean; messages: MessageTuple[] };
  return { summary: summary && boundary ? summary : null, messages: parseThreadMessages(messages) };
}

/** `known.summary`: the thread's summary when the caller has just read it. */
export async function loadRunHistory(
  db: Db | Tx,
  owned: Owned,
  known?: { summary: ThreadSummary | null },
): Promise<RunHistory> {
  const summary = known ? known.summary : await readThreadSummary(db, owned);
  const [row] = await db.$queryRaw<{ history: string }[]>`
    SELECT (${runHistorySql(owned, summary?.throughMessageId ?? null)}) AS history`;
  return parseRunHistory(row!.history, summary);
}
