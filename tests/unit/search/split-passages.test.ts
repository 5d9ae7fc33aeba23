import { describe, expect, it } from "vitest";
import { PASSAGE_MAX_CHARS, PASSAGE_MIN_CHARS, splitPassages } from "@/lib/search/split-passages";
import { pdfPageStarts } from "@/lib/search/page-map";

const paragraph = (word: string, chars: number) =>
  `${`${word} `.repeat(Math.ceil(chars / (word.length + 1)))}`.slice(0, chars).trim() + ".";
const codePoints = (text: string) => [...text];

describe("splitPassages", () => {
  it("cuts at headings and carries the nearest heading", () => {
    const text = `# Intro\n\n${paragraph("alpha", 600)}\n\n## Setup\n\n${paragraph("beta", 600)}\n\n${paragraph("gamma", 300)}`;
    const passages = splitPassages(text);
    expect(passages.map((p) => p.heading)).toEqual(["Intro", "Setup"]);
    expect(passages[1]!.body.startsWith("## Setup")).toBe(true);
    expect(passages[1]!.body).toContain("gamma");
  });

  it("packs short sections together rather than leaving them alone", () => {
    const text = `# A\n\nshort one.\n\n# B\n\nshort two.\n\n# C\n\n${paragraph("delta", 700)}`;
    const passages = splitPassages(text);
    expect(passages).toHaveLength(1);
    expect(passages[0]!.heading).toBe("A");
  });

  it("keeps passages within the maximum, cutting long paragraphs after a sentence", () => {
    const sentence = "The wing was tested in the tunnel at several speeds. ";
    const passages = splitPassages(sentence.repeat(100));
    expect(passages.length).toBeGreaterThan(2);
    for (const passage of passages) {
      expect(passage.end - passage.start).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
      expect(passage.body.endsWith(".")).toBe(true);
    }
  });

  it("cuts a section a little over the maximum into even halves, leaving no tail to pack with the next", () => {
    const sentence = "The wing was tested in the tunnel at several speeds. ";
    const text = `# First\n\n${sentence.repeat(34).trim()}\n\n# Second\n\n${sentence.repeat(10).trim()}\n`;
    const passages = splitPassages(text);
    expect(passages.map((passage) => passage.heading)).toEqual(["First", "First", "Second"]);
    const [a, b] = passages.map((passage) => passage.end - passage.start);
    expect(Math.abs(a! - b!)).toBeLessThan(sentence.length * 2);
    expect(passages[2]!.body.startsWith("# Second")).toBe(true);
  });

  it("ranges are code points into the text, contiguous with what they hold", () => {
    const text = `😀 ${paragraph("émoji", 500)}\n\n## Next\n\n${"中文内容。".repeat(200)}`;
    const points = codePoints(text);
    for (const passage of splitPassages(text))
      expect(points.slice(passage.start, passage.end).join("")).toBe(passage.body);
  });

  it("ends passages of text without spaces sooner", () => {
    const passages = splitPassages("这是一段很长的中文文本没有空格".repeat(100));
    for (const passage of passages) expect(passage.end - passage.start).toBeLessThanOrEqual(400);
  });

  it("never splits a fenced code block at its blank lines", () => {
    const code = "```\nline one\n\nline two\n```";
    const text = `${paragraph("intro", PASSAGE_MIN_CHARS + 10)}\n\n${code}`;
    expect(splitPassages(text).some((passage) => passage.body.includes(code))).toBe(true);
  });

  it("gives each passage of a PDF its page, and never spans two pages", () => {
    const text = "Page one text.\n\n-- 1 of 3 --\n\nPage two text.\n\n-- 2 of 3 --\n\nPage three text.\n\n-- 3 of 3 --";
    const passages = splitPassages(text, pdfPageStarts(text));
    expect(passages.map((p) => [p.page, p.body])).toEqual([
      [1, "Page one text."],
      [2, "Page two text."],
      [3, "Page three text."],
    ]);
  });

  it("is deterministic, and empty for empty text", () => {
    const text = `# T\n\n${paragraph("x", 3000)}`;
    expect(splitPassages(text)).toEqual(splitPassages(text));
    expect(splitPassages("")).toEqual([]);
    expect(splitPassages("   \n\n  ")).toEqual([]);
  });
});
