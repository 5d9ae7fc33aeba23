import { describe, expect, it } from "vitest";
import { formatByteSize } from "@/lib/text/format-byte-size";

describe("formatByteSize", () => {
  it.each([
    [0, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [10 * 1024 + 100, "10.1 KB"],
    [1024 * 1024 - 1, "1 MB"], // 1023.999 KB rounds up into the next unit
    [2.1 * 1024 * 1024, "2.1 MB"],
    [52428800, "50 MB"],
    [5 * 1024 ** 3, "5 GB"],
    [3 * 1024 ** 4, "3 TB"],
    [2048 * 1024 ** 4, "2048 TB"],
    [-5, "0 B"],
    [Number.NaN, "0 B"],
    [12.7, "12 B"],
  ])("%d bytes → %s", (bytes, expected) => {
    expect(formatByteSize(bytes)).toBe(expected);
  });
});
