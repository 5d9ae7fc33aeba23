import { getDb } from "@/lib/db/client";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { withAvailability } from "./source-availability";
import { loadThreadHistory } from "./thread-history";

/**
 * GET /api/threads/{id}/messages: the persisted history, never the project context message.
 * Assistant messages carry their `sources` and `citations`, each saying whether it can still be
 * opened.
 */
export async function listThreadMessages({ userId, threadId }: { userId: string; threadId: string }) {
  await getThreadOrThrow({ threadId, userId });
  const history = await loadThreadHistory(await getDb(), { threadId, userId });
  const assistant = (message: (typeof history)[number]) => message.role === "assistant";
  const sources = await withAvailability(
    { userId, threadId },
    history.map((message) => (assistant(message) ? (message.metadata?.sources ?? []) : [])),
  );
  // A citation of a document since trashed or purged, or of a deleted chat file, says so.
  const citations = await withAvailability(
    { userId, threadId },
    history.map((message) => (assistant(message) ? (message.metadata?.citations ?? []) : [])),
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
      ...(metadata?.mcpNotices?.length ? { mcpNotices: metadata.mcpNotices } : {}),
    },
    ...(role === "assistant" ? { sources: sources[index]!, citations: citations[index]! } : {}),
    createdAt: metadata?.createdAt,
  }));
}
