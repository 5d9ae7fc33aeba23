import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { replaceNul } from "@/lib/text/replace-nul";
import type { ThreadMessage, ThreadMessageMetadata } from "./thread-message";

// Persisted history of a thread: user and assistant UI messages in order. The project context
// message is built per request and never reaches these functions.

type Owned = { threadId: string; userId: string };

/**
 * The thread's messages after position `afterSeq` (an SQL integer; 0 for all of them), in
 * order, as SQL giving one JSON array: a subquery, so admission reads them in its one statement
 * with everything else (record-admission.ts). Empty for a thread that is not the user's.
 */
export function threadMessagesSql({ threadId, userId }: Owned, afterSeq: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`coalesce((
      SELECT json_agg(json_build_array(m.id, m.role, m.parts, m.metadata, ${isoTimeSql(Prisma.sql`m."createdAt"`)})
                      ORDER BY m.seq)
      FROM "message" m
      WHERE m."threadId" = ${threadId} AND m.seq > ${afterSeq}
        AND EXISTS (SELECT 1 FROM "thread" t WHERE t.id = m."threadId" AND t."userId" = ${userId})
    ), '[]')`;
}

/** A message as the JSON of `threadMessagesSql` carries it: id, role, parts, metadata, createdAt (ISO). */
export type MessageTuple = [
  string,
  ThreadMessage["role"],
  ThreadMessage["parts"],
  ThreadMessageMetadata | null,
  string,
];

export function parseThreadMessages(tuples: MessageTuple[]): ThreadMessage[] {
  return tuples.map(([id, role, parts, metadata, createdAt]) => ({
    id,
    role,
    parts,
    metadata: { ...(metadata ?? {}), createdAt },
  }));
}

export async function loadThreadHistory(db: Db | Tx, owned: Owned): Promise<ThreadMessage[]> {
  const [row] = await db.$queryRaw<{ messages: string }[]>`
    SELECT (${threadMessagesSql(owned, Prisma.sql`0`)})::text AS messages`;
  return parseThreadMessages(JSON.parse(row!.messages) as MessageTuple[]);
}

/** Text is stored NUL-free (lib/text/replace-nul.ts): a NUL anywhere would fail this write. */
export async function saveMessage(
  db: Db | Tx,
  { threadId, userId }: { threadId: string; userId: string },
  message: ThreadMessage,
): Promise<void> {
  const { createdAt: _ignored, ...metadata } = replaceNul(message.metadata ?? {});
  const parts = replaceNul(message.parts) as unknown as Prisma.InputJsonValue;
  const data = { role: message.role, parts, metadata: metadata as Prisma.InputJsonValue };
  await db.message.upsert({
    where: { id: message.id, threadId, thread: { userId } },
    create: { id: message.id, threadId, ...data },
    update: data,
  });
}

/**
 * An aborted run is saved mid-stream: text parts still marked `streaming`, tool calls with no
 * result. Keep the text (marked done) and drop unfinished tool calls, whose missing results
 * would make the next request invalid.
 */
export function normaliseInterruptedMessage(message: ThreadMessage): ThreadMessage {
  const parts: ThreadMessage["parts"] = [];
  for (const part of message.parts) {
    if ((part.type === "text" || part.type === "reasoning") && part.state === "streaming") {
      parts.push({ ...part, state: "done" });
    } else if (isToolPart(part)) {
      if (part.state === "output-available" || part.state === "output-error") parts.push(part);
    } else {
      parts.push(part);
    }
  }
  return { ...message, parts };
}

type Part = ThreadMessage["parts"][number];

function isToolPart(part: Part): part is Extract<Part, { toolCallId: string; state: string }> {
  return (part.type.startsWith("tool-") || part.type === "dynamic-tool") && "toolCallId" in part;
}
