import { describe, expect, it } from "vitest";
import { isTextContent } from "@/lib/files/detect-text";

const utf8 = (text: string) => new TextEncoder().encode(text);
const raw = (...values: number[]) => Uint8Array.from(values);
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

describe("isTextContent", () => {
  it.each<[string, Uint8Array, boolean]>([
    ["an empty file", new Uint8Array(), true],
    ["ASCII with newlines and tabs", utf8("name\tvalue\r\nrow\n"), true],
    ["CJK and emoji", utf8("项目文档 😀 naïve café"), true],
    ["UTF-8 with a BOM", concat(raw(0xef, 0xbb, 0xbf), utf8("hello")), true],
    ["markdown", utf8("# Title\n\n- item\n```ts\nconst x = 1;\n```\n"), true],
    ["JSON", utf8('{"a": [1, 2, {"b": null}]}'), true],
    ["terminal output with ANSI colours", utf8("\u001b[31mred\u001b[0m text\n"), true],
    ["a few control characters in long text", utf8(`${"a".repeat(200)}\u0007${"b".repeat(200)}`), true],
    ["a NUL byte", concat(utf8("text"), raw(0), utf8("more")), false],
    ["a PNG header", raw(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), false],
    [
      "a PDF header with binary marker bytes",
      concat(utf8("%PDF-1.7\n%"), raw(0xe2, 0xe3, 0xcf, 0xd3), utf8("\n")),
      false,
    ],
    ["a ZIP (DOCX/XLSX) header", raw(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0), false],
    ["a lone 0xFF byte", concat(utf8("abc"), raw(0xff), utf8("def")), false],
    ["Latin-1, not UTF-8", raw(0x63, 0x61, 0x66, 0xe9, 0x20, 0x21), false],
    ["a file ending in half a character", raw(0x61, 0xe2, 0x82), false],
    ["UTF-16LE with a BOM", raw(0xff, 0xfe, 0x68, 0x00, 0x69, 0x00), false],
    ["mostly control characters", raw(1, 2, 3, 4, 5, 6, 7, 8, 0x41, 0x42), false],
    ["C1 control characters", utf8("\u0080\u0081\u0082\u0083ab"), false],
  ])("%s → %s", (_case, bytes, expected) => {
    expect(isTextContent(bytes)).toBe(expected);
  });

  it("samples only the head: a NUL byte after the sample does not count", () => {
    const bytes = concat(utf8("a".repeat(100)), raw(0));
    expect(isTextContent(bytes, { sampleBytes: 100 })).toBe(true);
    expect(isTextContent(bytes, { sampleBytes: 101 })).toBe(false);
  });

  it("accepts a multi-byte character cut in half by the end of the sample", () => {
    const bytes = utf8(`${"a".repeat(8191)}€ and more`);
    expect(isTextContent(bytes)).toBe(true);
  });

  it("lets the caller tune the control-character ratio", () => {
    const bytes = utf8(`abcdefghi\u0001`);
    expect(isTextContent(bytes, { maxControlRatio: 0.1 })).toBe(true);
    expect(isTextContent(bytes, { maxControlRatio: 0.05 })).toBe(false);
  });
});
