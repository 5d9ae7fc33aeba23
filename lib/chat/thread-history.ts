import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/client";
import { replaceNul } from "@/lib/text/replace-nul";
import type { ChatMessage, ChatMessageMetadata } from "./chat-message";

// Persisted history of a thread: user and assistant UI messages in order. The project context
// message is built per request and never reaches these functions.

/** `afterSeq`: only the messages after that position (a run reads what its summary does not cover). */
export async function loadThreadHistory(
  db: Db | Tx,
  { threadId, userId, afterSeq }: { threadId: string; userId: string; afterSeq?: number },
): Promise<ChatMessage[]> {
  const rows = await db.message.findMany({
    where: { threadId, thread: { userId }, ...(afterSeq === undefined ? {} : { seq: { gt: afterSeq } }) },
    orderBy: { seq: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    role: row.role as ChatMessage["role"],
    parts: row.parts as unknown as ChatMessage["parts"],
    metadata: { ...((row.metadata as ChatMessageMetadata | null) ?? {}), createdAt: row.createdAt.toISOString() },
  }));
}

/** Text is stored NUL-free (lib/text/replace-nul.ts): a NUL anywhere would fail this write. */
export async function saveMessage(
  db: Db | Tx,
  { threadId, userId }: { threadId: string; userId: string },
  message: ChatMessage,
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
export function normaliseInterruptedMessage(message: ChatMessage): ChatMessage {
  const parts: ChatMessage["parts"] = [];
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

type Part = ChatMessage["parts"][number];

function isToolPart(part: Part): part is Extract<Part, { toolCallId: string; state: string }> {
  return (part.type.startsWith("tool-") || part.type === "dynamic-tool") && "toolCallId" in part;
}
