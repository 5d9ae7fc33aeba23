import { describe, expect, it } from "vitest";
import { pageAt, pdfPageStarts } from "@/lib/search/page-map";

describe("pdfPageStarts", () => {
  it("finds where each page starts from the markers after each page", () => {
    const text = "one\n\n-- 1 of 3 --\n\ntwo\n\n-- 2 of 3 --\n\nthree\n\n-- 3 of 3 --";
    const starts = pdfPageStarts(text);
    expect(starts).toHaveLength(3);
    expect(starts[0]).toBe(0);
    expect(text.slice(starts[1]).trimStart().startsWith("two")).toBe(true);
    expect(text.slice(starts[2]).trimStart().startsWith("three")).toBe(true);
  });

  it("counts code points, not UTF-16 units", () => {
    const text = "😀😀\n-- 1 of 2 --\nb\n-- 2 of 2 --";
    expect(pdfPageStarts(text)).toEqual([0, [..."😀😀\n-- 1 of 2 --"].length]);
  });

  it.each([
    ["no markers", "plain text"],
    ["markers out of order", "a\n-- 2 of 2 --\nb\n-- 1 of 2 --"],
    ["a missing page", "a\n-- 1 of 3 --\nb\n-- 2 of 3 --"],
    ["totals that disagree", "a\n-- 1 of 2 --\nb\n-- 2 of 3 --"],
  ])("is empty for %s", (_, text) => {
    expect(pdfPageStarts(text)).toEqual([]);
  });
});

describe("pageAt", () => {
  it.each([
    [0, 1],
    [9, 1],
    [10, 2],
    [25, 3],
    [1000, 3],
  ])("offset %i is on page %i", (offset, page) => {
    expect(pageAt([0, 10, 20], offset)).toBe(page);
  });
});
