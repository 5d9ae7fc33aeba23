import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { listDocumentsOutsideIndex } from "@/lib/documents/list-documents-outside-index";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { resolveProjectContext } from "./admit-run";
import { OMITTED_LISTED_MAX, summariseRunContext, type RunContextSummary } from "./summarise-run-context";

/** GET /api/threads/{id}/context: what the next run on this thread would receive, by admission's own code. */
export async function describeRunContext({ threadId, userId }: { threadId: string; userId: string }): Promise<RunContextSummary | { project: null }> {
  await getThreadOrThrow({ threadId, userId });
  const { instructionsMaxBytes, indexMaxBytes } = config();
  const read = await transaction(async (tx) => {
    const admitted = await resolveProjectContext(tx, { threadId, userId });
    if (!admitted) return null;
    const outsideIndex = await listDocumentsOutsideIndex(tx, {
      projectId: admitted.pinned.projectId,
      userId,
      shown: admitted.pinned.indexShown,
      limit: OMITTED_LISTED_MAX,
    });
    return { admitted, outsideIndex };
  });
  if (!read) return { project: null };
  return summariseRunContext({ ...read, limits: { instructionsMaxBytes, indexMaxBytes } });
}
