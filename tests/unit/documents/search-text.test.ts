import { describe, expect, it } from "vitest";
import { CHUNK_CHARS, CHUNK_STRIDE, chunkText, SEARCH_QUERY_MAX_CHARS } from "@/lib/documents/search-text";

// Search chunks must cover the text so that any query-sized match lies whole inside one
// chunk, and their offsets must count code points like the read tools do.

describe("chunkText", () => {
  it("overlaps consecutive chunks by the longest query, so no match straddles two", () => {
    const text = Array.from({ length: 3 * CHUNK_STRIDE + 17 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
    const { chunks, indexedChars, truncated } = chunkText(text, Number.MAX_SAFE_INTEGER);
    expect(indexedChars).toBe(text.length);
    expect(truncated).toBe(false);
    expect(chunks.map((c) => c.start)).toEqual([0, CHUNK_STRIDE, 2 * CHUNK_STRIDE, 3 * CHUNK_STRIDE]);
    for (const chunk of chunks) expect(chunk.body).toBe(text.slice(chunk.start, chunk.start + CHUNK_CHARS));
    // Every window of the longest query is inside the chunk its start falls in.
    for (const at of [CHUNK_STRIDE - 1, CHUNK_STRIDE - SEARCH_QUERY_MAX_CHARS, 2 * CHUNK_STRIDE - 1]) {
      const chunk = chunks[Math.floor(at / CHUNK_STRIDE)]!;
      expect(chunk.body).toContain(text.slice(at, at + SEARCH_QUERY_MAX_CHARS));
    }
  });

  it("counts code points, so an emoji before a match does not shift its offset", () => {
    const text = "😀".repeat(CHUNK_STRIDE) + "needle";
    const { chunks } = chunkText(text, Number.MAX_SAFE_INTEGER);
    expect(chunks[1]!.start).toBe(CHUNK_STRIDE);
    expect(chunks[1]!.body).toBe("needle");
    expect([...chunks[0]!.body]).toHaveLength(CHUNK_STRIDE + 6);
  });

  it("stops at the cap and says so; NUL becomes a space", () => {
    const { chunks, indexedChars, truncated } = chunkText("ab\u0000cdef", 4);
    expect({ indexedChars, truncated }).toEqual({ indexedChars: 4, truncated: true });
    expect(chunks).toEqual([{ seq: 0, start: 0, body: "ab c" }]);
    expect(chunkText("", 10)).toEqual({ chunks: [], indexedChars: 0, truncated: false });
  });
});
