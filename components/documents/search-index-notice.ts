import type { SearchStatus } from "@/lib/client/api";

// What the Documents tab says about the search index (GET /api/projects/{id}/search-status):
// the work still to do, or why the embedder fails; nothing once everything is indexed.

export interface SearchIndexNotice {
  /** Documents whose text is still being read into passages, else passages still waiting for a vector. */
  progress: { kind: "documents" | "passages"; done: number; total: number } | null;
  /** Passages the embedder failed on (they are tried again), with its last error. */
  failure: { count: number; error: string | null } | null;
}

/** Poll this often while work remains; after that the shelf's own changes ask again. */
export const SEARCH_STATUS_POLL_MS = 2_000;
/** A failing embedder is asked about less often, so a recovery is noticed without a reload. */
export const SEARCH_STATUS_FAILING_POLL_MS = 30_000;

export function searchIndexNotice(status: SearchStatus | undefined): SearchIndexNotice | null {
  if (!status) return null;
  const embedding = status.embedding;
  const progress: SearchIndexNotice["progress"] =
    status.documentsWaiting > 0
      ? {
          kind: "documents",
          done: Math.max(0, status.documents - status.documentsWaiting),
          total: status.documents,
        }
      : embedding && embedding.waiting > 0
        ? {
            kind: "passages",
            done: embedding.embedded,
            total: embedding.embedded + embedding.waiting + embedding.failing,
          }
        : null;
  const failure = embedding && embedding.failing > 0 ? { count: embedding.failing, error: embedding.lastError } : null;
  return progress || failure ? { progress, failure } : null;
}

/** How soon to ask again: soon while work remains, now and then while the embedder fails, else not. */
export function searchStatusPollMs(status: SearchStatus | undefined): number | false {
  const notice = searchIndexNotice(status);
  if (notice?.progress) return SEARCH_STATUS_POLL_MS;
  if (notice?.failure) return SEARCH_STATUS_FAILING_POLL_MS;
  return false;
}
