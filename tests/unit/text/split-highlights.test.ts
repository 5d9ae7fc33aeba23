import { describe, expect, it } from "vitest";
import { splitHighlights } from "@/lib/text/split-highlights";

const marked = (parts: ReturnType<typeof splitHighlights>) => parts.filter((p) => p.marked).map((p) => p.text);

describe("splitHighlights", () => {
  it("marks the matched words of a snippet and keeps the rest as plain text", () => {
    const parts = splitHighlights("…the harbour and its lighthouse at night", [[21, 31]]);
    expect(parts).toEqual([
      { text: "…the harbour and its ", marked: false },
      { text: "lighthouse", marked: true },
      { text: " at night", marked: false },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe("…the harbour and its lighthouse at night");
  });

  it("marks ranges given out of order, merges overlapping ones and ignores empty or out-of-bounds parts", () => {
    const text = "budget budgets and more";
    expect(
      marked(
        splitHighlights(text, [
          [7, 14],
          [0, 6],
          [3, 5],
          [10, 10],
          [19, 99],
        ]),
      ),
    ).toEqual(["budget", "budgets", "more"]);
    expect(splitHighlights(text, [[-5, 6]])[0]).toEqual({ text: "budget", marked: true });
  });

  it("gives the whole text unmarked without ranges, and one empty part for empty text", () => {
    expect(splitHighlights("plain", [])).toEqual([{ text: "plain", marked: false }]);
    expect(splitHighlights("", [[0, 3]])).toEqual([{ text: "", marked: false }]);
  });
});
