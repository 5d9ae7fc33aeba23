import { describe, expect, it } from "vitest";
import { convertToMarkdown, isConvertible } from "@/lib/conversion/convert-to-markdown";

// What the server claims it can convert is exactly what markitdown-ts converts from a buffer:
// PPTX is not among them (the library has no PowerPoint converter).

describe("convertible formats", () => {
  it("claims PDF, Word, Excel, HTML and notebooks, case-insensitively", () => {
    for (const name of ["a.pdf", "a.DOCX", "a.xlsx", "a.html", "a.htm", "a.xhtml", "a.ipynb"])
      expect([name, isConvertible(name)]).toEqual([name, true]);
  });

  it("does not claim PPTX, JSON, ZIP or plain text", async () => {
    for (const name of ["slides.pptx", "slides.PPTX", "a.json", "a.zip", "a.txt", "a.md", "noextension"])
      expect([name, isConvertible(name)]).toEqual([name, false]);
    expect(await convertToMarkdown({ bytes: Buffer.from("PK\u0003\u0004"), name: "slides.pptx" })).toBeNull();
  });
});
