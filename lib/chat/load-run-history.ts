import type { Db, Tx } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ChatMessage, ChatMessageMetadata } from "./chat-message";
import { readThreadSummary, type ThreadSummary } from "./thread-summary";

// What a run reads of its thread: the summary, and only the messages after the last one it
// covers, so a run on a 300-exchange thread loads about as much as one on a short thread.
// A summary whose last covered message is gone is ignored and the whole history is read.

export interface RunHistory {
  summary: ThreadSummary | null;
  messages: ChatMessage[];
}

type Owned = { threadId: string; userId: string };

/**
 * The messages after the one a summary covers through (all of them without one), in order, as
 * SQL giving one JSON text: a subquery, so admission reads them in its one statement with
 * everything else (record-admission.ts). `boundary` says whether the covered message was found;
 * when it was not, the messages are the whole history.
 */
export function runHistorySql({ threadId, userId }: Owned, throughMessageId: string | null): Prisma.Sql {
  const owned = Prisma.sql`m."threadId" = ${threadId}
    AND EXISTS (SELECT 1 FROM "thread" t WHERE t.id = m."threadId" AND t."userId" = ${userId})`;
  return Prisma.sql`
    SELECT json_build_object(
             'boundary', boundary.seq IS NOT NULL,
             'messages', coalesce((
               SELECT json_agg(json_build_array(m.id, m.role, m.parts, m.metadata, ${isoTimeSql(Prisma.sql`m."createdAt"`)})
                               ORDER BY m.seq)
               FROM "message" m
               WHERE ${owned} AND m.seq > coalesce(boundary.seq, -1)
             ), '[]'))::text
    FROM (SELECT (SELECT m.seq FROM "message" m WHERE m.id = ${throughMessageId} AND ${owned}) AS seq) AS boundary`;
}

type MessageTuple = [string, ChatMessage["role"], ChatMessage["parts"], ChatMessageMetadata | null, string];

/** The history from the text `runHistorySql` gives, for the summary it was read with. */
export function parseRunHistory(text: string, summary: ThreadSummary | null): RunHistory {
  const { boundary, messages } = JSON.parse(text) as { boundary: boolean; messages: MessageTuple[] };
  return {
    summary: summary && boundary ? summary : null,
    messages: messages.map(([id, role, parts, metadata, createdAt]) => ({
      id,
      role,
      parts,
      metadata: { ...(metadata ?? {}), createdAt },
    })),
  };
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
