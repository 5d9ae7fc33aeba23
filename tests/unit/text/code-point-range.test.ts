import { describe, expect, it } from "vitest";
import { sliceText } from "@/lib/text/slice-text";
import { codePointLength, codePointRangeToUtf16 } from "@/lib/text/code-point-range";

describe("codePointRangeToUtf16", () => {
  it.each([
    ["plain ASCII", "hello world", [6, 11], "world"],
    ["after an emoji (two UTF-16 units)", "a😀bc", [2, 4], "bc"],
    ["covering an emoji", "a😀bc", [1, 2], "😀"],
    ["CJK and supplementary characters", "中文𠀀字", [2, 4], "𠀀字"],
    ["an end past the text", "abc", [1, 99], "bc"],
    ["a start past the text", "abc", [5, 9], ""],
  ] as const)("%s", (_name, text, range, expected) => {
    const [from, to] = codePointRangeToUtf16(text, range);
    expect(text.slice(from, to)).toBe(expected);
  });

  it("selects exactly the page the agent's read tool returned", () => {
    const text = "前言😀 The plan: ship 𠀀 in March. ".repeat(20);
    const page = sliceText(text, { offset: 37, limit: 90 });
    const [from, to] = codePointRangeToUtf16(text, [page.offset, page.offset + page.returnedChars]);
    expect(text.slice(from, to)).toBe(page.content);
    expect(codePointLength(text)).toBe(page.totalChars);
  });
});
