import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLICE_LIMIT,
  MAX_SLICE_LIMIT,
  sliceText,
  type SliceRequest,
  type TextSlice,
} from "@/lib/text/slice-text";

describe("sliceText", () => {
  it.each<[string, string, SliceRequest, TextSlice]>([
    [
      "the whole text by default",
      "abcdef",
      {},
      { totalChars: 6, offset: 0, returnedChars: 6, truncated: false, content: "abcdef" },
    ],
    [
      "a middle page",
      "abcdef",
      { offset: 2, limit: 2 },
      { totalChars: 6, offset: 2, returnedChars: 2, truncated: true, content: "cd" },
    ],
    [
      "the last page, limit past the end",
      "abcdef",
      { offset: 4, limit: 10 },
      { totalChars: 6, offset: 4, returnedChars: 2, truncated: false, content: "ef" },
    ],
    [
      "a page ending exactly at the end",
      "abcdef",
      { offset: 3, limit: 3 },
      { totalChars: 6, offset: 3, returnedChars: 3, truncated: false, content: "def" },
    ],
    [
      "offset at the end",
      "abcdef",
      { offset: 6 },
      { totalChars: 6, offset: 6, returnedChars: 0, truncated: false, content: "" },
    ],
    [
      "offset past the end",
      "abcdef",
      { offset: 100 },
      { totalChars: 6, offset: 100, returnedChars: 0, truncated: false, content: "" },
    ],
    ["an empty text", "", {}, { totalChars: 0, offset: 0, returnedChars: 0, truncated: false, content: "" }],
    [
      "a negative offset clamps to 0",
      "abc",
      { offset: -5, limit: 1 },
      { totalChars: 3, offset: 0, returnedChars: 1, truncated: true, content: "a" },
    ],
    [
      "limit 0 clamps to 1",
      "abc",
      { limit: 0 },
      { totalChars: 3, offset: 0, returnedChars: 1, truncated: true, content: "a" },
    ],
    [
      "a negative limit clamps to 1",
      "abc",
      { limit: -10 },
      { totalChars: 3, offset: 0, returnedChars: 1, truncated: true, content: "a" },
    ],
    [
      "fractions round down",
      "abcdef",
      { offset: 1.9, limit: 2.9 },
      { totalChars: 6, offset: 1, returnedChars: 2, truncated: true, content: "bc" },
    ],
    [
      "NaN falls back to the defaults",
      "abc",
      { offset: Number.NaN, limit: Number.NaN },
      { totalChars: 3, offset: 0, returnedChars: 3, truncated: false, content: "abc" },
    ],
    [
      "a custom max limit",
      "abcdef",
      { limit: 10, maxLimit: 4 },
      { totalChars: 6, offset: 0, returnedChars: 4, truncated: true, content: "abcd" },
    ],
    [
      "emoji count as one character",
      "a😀b😀c",
      { offset: 1, limit: 3 },
      { totalChars: 5, offset: 1, returnedChars: 3, truncated: true, content: "😀b😀" },
    ],
    [
      "a page never splits a surrogate pair",
      "😀😀😀",
      { offset: 2, limit: 1 },
      { totalChars: 3, offset: 2, returnedChars: 1, truncated: false, content: "😀" },
    ],
    [
      "CJK text",
      "项目文档",
      { offset: 1, limit: 2 },
      { totalChars: 4, offset: 1, returnedChars: 2, truncated: true, content: "目文" },
    ],
  ])("%s", (_case, text, request, expected) => {
    expect(sliceText(text, request)).toEqual(expected);
  });

  it(`uses ${DEFAULT_SLICE_LIMIT} characters by default and clamps to ${MAX_SLICE_LIMIT}`, () => {
    const long = "x".repeat(30000);
    expect(sliceText(long)).toMatchObject({ totalChars: 30000, returnedChars: 8000, truncated: true });
    expect(sliceText(long, { limit: 50000 })).toMatchObject({ returnedChars: 20000, truncated: true });
    expect(sliceText(long, { limit: 20000 })).toMatchObject({ returnedChars: 20000 });
    expect(sliceText(long, { offset: 20000, limit: 20000 })).toMatchObject({ returnedChars: 10000, truncated: false });
  });

  it("pages reassemble the text exactly", () => {
    const text = "Hello 世界 😀 — ".repeat(50);
    let offset = 0;
    let rebuilt = "";
    for (;;) {
      const page = sliceText(text, { offset, limit: 7 });
      rebuilt += page.content;
      if (!page.truncated) break;
      offset += page.returnedChars;
    }
    expect(rebuilt).toBe(text);
  });
});
