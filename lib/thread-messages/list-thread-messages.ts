import { getDb } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { withAvailability } from "./source-availability";
import { loadThreadHistory } from "./thread-history";

/**
 * GET /api/threads/{id}/messages: the persisted history, never the project context message.
 * Assistant messages carry their `sources`, each saying whether it can still be opened.
 */
export async function listThreadMessages({ userId, threadId }: { userId: string; threadId: string }) {
  await getThreadOrThrow({ threadId, userId });
  const history = await loadThreadHistory(await getDb(), { threadId, userId });
  const sources = await withAvailability(
    { userId, threadId },
    history.map((message) => (message.role === "assistant" ? (message.metadata?.sources ?? []) : [])),
  );
  return history.map(({ id, role, parts, metadata }, index) => ({
    id,
    role,
    parts,
    metadata: {
      attachments: metadata?.attachments,
      modelId: metadata?.modelId,
      notices: metadata?.notices,
      ...(metadata?.imagesOmitted ? { imagesOmitted: true } : {}),
    },
    ...(role === "assistant" ? { sources: sources[index]! } : {}),
    createdAt: metadata?.createdAt,
  }));
}
