import { getDb } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { loadThreadHistory } from "./thread-history";

/** GET /api/threads/{id}/messages: the persisted history, never the project context message. */
export async function listThreadMessages({ userId, threadId }: { userId: string; threadId: string }) {
  await getThreadOrThrow({ threadId, userId });
  const history = await loadThreadHistory(await getDb(), { threadId, userId });
  return history.map(({ id, role, parts, metadata }) => ({ id, role, parts, metadata: { attachments: metadata?.attachments }, createdAt: metadata?.createdAt }));
}
