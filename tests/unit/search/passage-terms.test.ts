import { describe, expect, it } from "vitest";
import { passageTerms, weightLabel } from "@/lib/search/passage-terms";

describe("passageTerms", () => {
  it.each([
    [1, ""],
    [2, "C"],
    [3, "B"],
    [4, "B"],
    [5, "A"],
    [40, "A"],
  ])("labels a term seen %i times %s", (count, label) => {
    expect(weightLabel(count)).toBe(label);
  });

  it("writes positions with the frequency's label, and counts the terms", () => {
    const { literal, termCount } = passageTerms("flow flow air the flow");
    expect(literal).toBe("'flow':1B,2B,5B 'air':3");
    expect(termCount).toBe(4);
  });

  it("keeps one position per term when the tsvector would not fit a page", () => {
    const words = Array.from({ length: 800 }, (_, i) => `word${i}x word${i}x`).join(" ");
    const { literal } = passageTerms(words);
    expect(literal.split(" ")[0]).toMatch(/^'word0x':1C$/);
  });
});
