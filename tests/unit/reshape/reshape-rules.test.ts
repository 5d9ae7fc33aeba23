import { describe, expect, it } from "vitest";
import { FILE_NAME_MAX_BYTES, shelfNumberedName } from "@/lib/files/file-name";
import { noteTextKey } from "@/lib/notes/note-fields";
import { mergedInstructions } from "@/lib/projects/merged-instructions";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { AppError } from "@/lib/errors";

// The pure rules of fork, merge and transfer (docs/architecture.md § "Fork, merge and transfer"):
// the numbered name a document gets in a folder where its own is taken, which notes are the same
// note, and how the source's instructions join the target's.

describe("shelfNumberedName", () => {
  it.each([
    ["y.txt", 1, "y.txt"],
    ["y.txt", 2, "y (2).txt"],
    ["y.txt", 13, "y (13).txt"],
    ["archive.tar.gz", 2, "archive.tar (2).gz"],
    [".env", 2, ".env (2)"],
    ["README", 3, "README (3)"],
    ["y (2).txt", 2, "y (2) (2).txt"],
  ])("%s, candidate %i → %s", (name, n, expected) => {
    expect(shelfNumberedName(name, n)).toBe(expected);
  });

  it("shortens the stem, whole code points, so the name stays within the byte cap", () => {
    const long = `${"é".repeat(126)}.txt`; // 256 - 2 … close to the cap
    const numbered = shelfNumberedName(long, 2);
    expect(utf8ByteLength(numbered)).toBeLessThanOrEqual(FILE_NAME_MAX_BYTES);
    expect(numbered.endsWith(" (2).txt")).toBe(true);
    expect(numbered.isWellFormed()).toBe(true);
  });
});

describe("noteTextKey", () => {
  it.each([
    ["Use metric units.", "use  METRIC units.", true],
    ["Use metric units.", "  Use metric\nunits.  ", true],
    ["Ｕｓｅ metric units.", "Use metric units.", true],
    ["Use metric units.", "Use imperial units.", false],
    ["Due in 30 days.", "Due in 3 0 days.", false],
  ])("%j and %j are the same note: %s", (a, b, same) => {
    expect(noteTextKey(a) === noteTextKey(b)).toBe(same);
  });
});

describe("mergedInstructions", () => {
  const merge = (target: string, source: string, maxBytes = 1000) =>
    mergedInstructions({ target, source, sourceName: "Client\nOne", maxBytes });

  it.each([
    ["Be brief.", "Answer in French.", "Be brief.\n\n## Client One\n\nAnswer in French."],
    ["Be brief.\n\n", "  Answer in French.\n", "Be brief.\n\n## Client One\n\nAnswer in French."],
    ["", "Answer in French.", "Answer in French."],
    ["   ", "Answer in French.", "Answer in French."],
  ])("%j + %j → %j", (target, source, expected) => {
    expect(merge(target, source)).toBe(expected);
  });

  it.each([
    ["Be brief.", ""],
    ["Be brief.", "  \n "],
    ["Be brief.", "Be brief."],
    ["Be brief.\n\n## Client One\n\nAnswer in French.", "Answer in French."],
  ])("%j + %j changes nothing", (target, source) => {
    expect(merge(target, source)).toBeNull();
  });

  it("refuses a result past the cap with a 422 on instructions, and allows one exactly at it", () => {
    const target = "a".repeat(50);
    const source = "b".repeat(30);
    const exact = utf8ByteLength(`${target}\n\n## Client One\n\n${source}`);
    expect(merge(target, source, exact)).toHaveLength(exact);
    let refused: unknown;
    try {
      merge(target, source, exact - 1);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("validation_failed");
    expect((refused as AppError).details).toEqual([expect.objectContaining({ path: "instructions" })]);
  });
});
