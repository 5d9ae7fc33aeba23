import { NO_MEMORY } from "./model-message-fixtures";
import { describe, expect, it } from "vitest";
import { buildPinnedContext } from "@/lib/context/pinned-context";
import { reportContext } from "@/lib/context/context-report";

// The context panel's numbers are read off the very context admission pins, so they must
// agree with the rendered blocks the model receives.

const doc = (n: number) => ({
  id: `d${n}`,
  name: `doc-${n}.md`,
  sizeBytes: 1000 + n,
  updatedAt: new Date("2026-09-10T00:00:00Z"),
});
const project = { id: "p1", name: "Roadmap", instructions: "Réponds en français." };
const limits = { instructionsMaxBytes: 8192, indexMaxBytes: 4096, memoryMaxBytes: 4096 };

function report(total: number, indexMaxEntries: number, indexMaxBytes = 4096) {
  const entries = Array.from({ length: Math.min(total, indexMaxEntries + 1) }, (_, i) => doc(i));
  const pinned = buildPinnedContext({
    project,
    shelf: { total, entries },
    limits: { indexMaxEntries, indexMaxBytes, memoryMaxBytes: 4096 },
    ...NO_MEMORY,
  });
  const outsideIndex = Array.from({ length: total - pinned.indexShown }, (_, i) => doc(pinned.indexShown + i));
  return {
    pinned,
    result: reportContext({
      admitted: { pinned, archived: false },
      limits: { ...limits, indexMaxBytes },
      outsideIndex,
    }),
  };
}

describe("reportContext", () => {
  it("counts instructions in UTF-8 bytes and the index as the bytes of the rendered block", () => {
    const { pinned, result } = report(3, 50);
    expect(result.project).toEqual({ id: "p1", name: "Roadmap", archived: false });
    expect(result.instructions).toEqual({ bytes: 22, maxBytes: 8192 }); // "é" and "ç" are two bytes each
    expect(result.index).toEqual({
      entries: 3,
      totalDocuments: 3,
      bytes: new TextEncoder().encode(pinned.documentsBlock!).length,
      maxBytes: 4096,
      truncated: false,
    });
    expect(result.omitted).toEqual({ count: 0, documents: [] });
  });

  it("lists the documents the entry cap leaves out, matching the block's shown count", () => {
    const { pinned, result } = report(5, 2);
    expect(pinned.documentsBlock).toContain('<documents count="5" shown="2">');
    expect(result.index).toMatchObject({ entries: 2, totalDocuments: 5, truncated: true });
    expect(result.omitted).toEqual({
      count: 3,
      documents: ["d2", "d3", "d4"].map((id) => ({ id, name: `doc-${id.slice(1)}.md` })),
    });
  });

  it("follows the byte cap when it, not the entry cap, stops the index", () => {
    const { pinned, result } = report(40, 50, 512);
    const shown = Number(/shown="(\d+)"/.exec(pinned.documentsBlock!)![1]);
    expect(shown).toBeLessThan(40);
    expect(result.index).toMatchObject({ entries: shown, totalDocuments: 40, maxBytes: 512, truncated: true });
    expect(result.index.bytes).toBeLessThanOrEqual(512);
    expect(result.omitted.count).toBe(40 - shown);
    expect(result.omitted.documents[0]!.id).toBe(`d${shown}`);
  });

  it("lists at most 100 omitted documents but counts them all", () => {
    const { result } = report(300, 10);
    expect(result.omitted.count).toBe(290);
    expect(result.omitted.documents).toHaveLength(100);
  });

  it("reports an empty shelf as an empty index of zero bytes", () => {
    const { result } = report(0, 50);
    expect(result.index).toEqual({ entries: 0, totalDocuments: 0, bytes: 0, maxBytes: 4096, truncated: false });
  });
});
