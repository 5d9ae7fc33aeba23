import { describe, expect, it } from "vitest";
import { fuseRankings, FUSION_K } from "@/lib/search/fuse-rankings";

const p = (documentId: string, seq: number) => ({ documentId, seq, score: 0 });

describe("fuseRankings", () => {
  it("keeps a single ranking's order, documents by their best passage", () => {
    const fused = fuseRankings({ passageRankings: [[p("b", 2), p("a", 0), p("b", 1)]], nameRanking: [] });
    expect(fused.map((d) => d.documentId)).toEqual(["b", "a"]);
    expect(fused[0]!.passages.map((x) => x.seq)).toEqual([2, 1]);
    expect(fused[0]!.score).toBeCloseTo(1 / (FUSION_K + 1));
  });

  it("lifts what both rankings hold above what one holds first", () => {
    const fused = fuseRankings({
      passageRankings: [
        [p("x", 0), p("both", 0)],
        [p("y", 0), p("both", 0)],
      ],
      nameRanking: [],
    });
    expect(fused[0]!.documentId).toBe("both");
  });

  it("adds a name match, and lists a document found by name alone", () => {
    const fused = fuseRankings({ passageRankings: [[p("a", 0), p("b", 0)]], nameRanking: ["b", "c"] });
    expect(fused.map((d) => d.documentId)).toEqual(["b", "a", "c"]);
    expect(fused.find((d) => d.documentId === "c")).toMatchObject({ nameMatched: true, passages: [] });
  });
});
