import type { Tx } from "@/lib/db/client";
import type { ThreadSummary } from "@/lib/threads/thread-summary";
import { chatScopeOf, type ChatScope } from "@/lib/threads/thread-scope";

// Admission's first statement: takes the thread's row lock (an UPDATE locks the row as
// SELECT … FOR UPDATE does), marks the thread as just used, and reads what the run needs of the
// thread (its summary, project and model choice), in one round trip instead of several:
// every statement here delays the run's first byte. Rolled back with the rest of admission
// when the run is refused (409, 503, nothing to regenerate).

export interface LockedThread {
  summary: ThreadSummary | null;
  /** The project the thread is in now; under the lock, so no move can slip in before the run pins it. */
  projectId: string | null;
  /** The thread's own model choice, if any. */
  modelId: string | null;
  /** The chat's scope, read under the same lock as its project: null is the whole shelf. */
  scope: ChatScope | null;
}

/** Null when the thread is missing or not the user's. */
export async function lockThreadForRun(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<LockedThread | null> {
  const rows = await tx.$queryRaw<
    {
      summary: string | null;
      summaryThroughMessageId: string | null;
      summaryUpdatedAt: Date | null;
      projectId: string | null;
      modelId: string | null;
      scopeFolderIds: string[];
      scopeDocumentIds: string[];
    }[]
  >`
    UPDATE "thread" SET "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE id = ${threadId} AND "userId" = ${userId}
    RETURNING summary, "summaryThroughMessageId", "summaryUpdatedAt", "projectId", "modelId", "scopeFolderIds", "scopeDocumentIds"`;
  const row = rows[0];
  if (!row) return null;
  const { projectId, modelId } = row;
  const scope = chatScopeOf(row);
  if (!row.summary || !row.summaryThroughMessageId) return { summary: null, projectId, modelId, scope };
  return {
    summary: {
      text: row.summary,
      throughMessageId: row.summaryThroughMessageId,
      updatedAt: row.summaryUpdatedAt ? new Date(row.summaryUpdatedAt) : new Date(0),
    },
    projectId,
    modelId,
    scope,
  };
}
