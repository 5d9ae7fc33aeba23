import { describe, expect, it } from "vitest";
import {
  SEARCH_STATUS_FAILING_POLL_MS,
  SEARCH_STATUS_POLL_MS,
  searchIndexNotice,
  searchStatusPollMs,
} from "@/components/documents/search-index-notice";
import type { SearchStatus } from "@/lib/client/api";

const embedding = (over: Partial<NonNullable<SearchStatus["embedding"]>>) => ({
  model: "embed",
  dimensions: 768,
  embedded: 0,
  waiting: 0,
  stale: 0,
  failing: 0,
  lastError: null,
  ...over,
});

const status = (over: Partial<SearchStatus>): SearchStatus => ({
  passages: 400,
  documents: 10,
  documentsWaiting: 0,
  embedding: null,
  ...over,
});

describe("the search index notice", () => {
  it("counts passages with a vector of all passages while the embedder works", () => {
    const current = status({ embedding: embedding({ embedded: 120, waiting: 270, failing: 10 }) });
    expect(searchIndexNotice(current)).toEqual({
      progress: { kind: "passages", done: 120, total: 400 },
      failure: { count: 10, error: null },
    });
    expect(searchStatusPollMs(current)).toBe(SEARCH_STATUS_POLL_MS);
  });

  it("counts documents read while some still wait for their passages, before any vectors", () => {
    const current = status({ documentsWaiting: 3, embedding: embedding({ embedded: 50, waiting: 20 }) });
    expect(searchIndexNotice(current)?.progress).toEqual({ kind: "documents", done: 7, total: 10 });
    expect(searchStatusPollMs(current)).toBe(SEARCH_STATUS_POLL_MS);
  });

  it("says why the embedder fails once nothing else waits, and asks again only now and then", () => {
    const current = status({
      embedding: embedding({ embedded: 390, failing: 10, lastError: "connect ECONNREFUSED 127.0.0.1:11434" }),
    });
    expect(searchIndexNotice(current)).toEqual({
      progress: null,
      failure: { count: 10, error: "connect ECONNREFUSED 127.0.0.1:11434" },
    });
    expect(searchStatusPollMs(current)).toBe(SEARCH_STATUS_FAILING_POLL_MS);
  });

  it("says nothing and stops asking once all is indexed, with or without an embedder", () => {
    for (const current of [status({}), status({ embedding: embedding({ embedded: 400 }) }), undefined]) {
      expect(searchIndexNotice(current)).toBeNull();
      expect(searchStatusPollMs(current)).toBe(false);
    }
  });
});
