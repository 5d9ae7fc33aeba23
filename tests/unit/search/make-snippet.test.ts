import { describe, expect, it } from "vitest";
import { makeSnippet } from "@/lib/search/make-snippet";

const marked = ({ snippet, highlights }: { snippet: string; highlights: [number, number][] }) =>
  highlights.map(([start, end]) => snippet.slice(start, end));

describe("makeSnippet", () => {
  it("shows where the query's words cluster, marking them", () => {
    const body = `${"Unrelated words fill the start. ".repeat(20)}The swept wing stalls at the tip first. ${"More filler here. ".repeat(20)}`;
    const snippet = makeSnippet(body, ["swept", "wing", "stall"]);
    expect(snippet.snippet.startsWith("…")).toBe(true);
    expect(marked(snippet)).toEqual(["swept", "wing", "stalls"]);
    expect(snippet.snippet.length).toBeLessThanOrEqual(245);
  });

  it("renders Markdown marks as text and folds white space", () => {
    const snippet = makeSnippet("## Results\n\nThe **lift** rose `sharply`\n> quoted", ["lift"]);
    expect(snippet.snippet).toBe("Results The lift rose sharply quoted");
    expect(marked(snippet)).toEqual(["lift"]);
  });

  it("starts at the beginning when nothing matched", () => {
    expect(makeSnippet("Plain words only.", ["zzz"])).toEqual({ snippet: "Plain words only.", highlights: [] });
  });

  it("marks Chinese pairs", () => {
    expect(marked(makeSnippet("关于年度预算的说明", ["预算"]))).toEqual(["预算"]);
  });
});
