import { describe, expect, it } from "vitest";
import { replaceNul } from "@/lib/text/replace-nul";

describe("replaceNul", () => {
  it("replaces NUL in strings, nested values and object keys", () => {
    const value = { "k\u0000ey": ["a\u0000b", { deep: "\u0000\u0000" }], n: 1, t: true, z: null };
    expect(replaceNul(value)).toEqual({ "k\uFFFDey": ["a\uFFFDb", { deep: "\uFFFD\uFFFD" }], n: 1, t: true, z: null });
  });

  it("returns text without NUL unchanged, and leaves non-plain objects alone", () => {
    const date = new Date(0);
    expect(replaceNul("plain text")).toBe("plain text");
    expect(replaceNul({ date }).date).toBe(date);
    expect(replaceNul(null)).toBeNull();
  });
});
