import { generateText, type LanguageModel } from "ai";
import { getDb } from "@/lib/db/client";

// A new thread gets a short title after its first exchange: a small model call, falling back to
// the first words of the message when that fails. A title the user set is never replaced.

const TITLE_MAX_CHARS = 60;

export function fallbackTitle(text: string): string {
  const words = text.replace(/\s+/g, " ").trim();
  if (words.length <= TITLE_MAX_CHARS) return words || "New chat";
  const cut = words.slice(0, TITLE_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(" ");
  return `${lastSpace > 20 ? cut.slice(0, lastSpace) : cut}…`;
}

export function cleanModelTitle(raw: string): string | null {
  const title = raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["'“”「」]+|["'“”「」.。]+$/g, "")
    .trim();
  return title && title.length <= 100 ? title : null;
}

export async function titleThreadIfUntitled({
  model,
  threadId,
  userId,
  firstMessage,
}: {
  model: LanguageModel;
  threadId: string;
  userId: string;
  firstMessage: string;
}): Promise<void> {
  const db = await getDb();
  const thread = await db.thread.findFirst({ where: { id: threadId, userId }, select: { title: true } });
  if (!thread || thread.title !== "") return;
  let title = fallbackTitle(firstMessage);
  try {
    const { text } = await generateText({
      model,
      instructions:
        "Write a title of at most six words for a chat that starts with the user's message below. Reply with the title only.",
      prompt: firstMessage.slice(0, 2000),
      maxOutputTokens: 24,
      abortSignal: AbortSignal.timeout(15_000),
    });
    title = cleanModelTitle(text) ?? title;
  } catch (error) {
    console.warn(
      "[run] title generation failed; using the first words",
      error instanceof Error ? error.message : error,
    );
  }
  // Only if still untitled: a rename during the call wins.
  await db.thread.updateMany({ where: { id: threadId, userId, title: "" }, data: { title } });
}
