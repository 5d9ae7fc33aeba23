import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import {
  checkFileName,
  FILE_NAME_MAX_BYTES,
  normaliseFileName,
  numberedName,
  parseStoredFileName,
} from "@/lib/files/file-name";

const bytes = (text: string) => utf8ByteLength(text);

describe("file name rules", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["  spaced name.txt  ", "spaced name.txt"],
    [".env", ".env"],
    ["..hidden", "..hidden"],
    ["a..b", "a..b"],
    ["%2F not a separator", "%2F not a separator"],
    ["报告 2026.docx", "报告 2026.docx"],
    // NFD "é" (e + combining acute) is stored as NFC "é".
    ["re\u0301sume\u0301.pdf", "résumé.pdf"],
  ])("accepts %j as %j", (raw, expected) => {
    expect(checkFileName(raw)).toEqual({ ok: true, name: expected });
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    [".", ". or .."],
    ["..", ". or .."],
    [" .. ", ". or .."],
    ["a/b.txt", "/ or \\"],
    ["../etc/passwd", "/ or \\"],
    ["/etc/passwd", "/ or \\"],
    ["a\\b.txt", "/ or \\"],
    ["..\\..\\win.ini", "/ or \\"],
    ["nul\u0000byte", "control"],
    ["line\nbreak", "control"],
    ["tab\there", "control"],
    ["del\u007f", "control"],
    ["c1\u0085", "control"],
    ["lone \ud800 surrogate", "Unicode"],
    ["invoice\u202Efdp.exe", "bidirectional"],
    ["a\u202Ab.txt", "bidirectional"],
    ["isolate\u2066x\u2069.txt", "bidirectional"],
    ["first\u2028second.txt", "line or paragraph"],
    ["para\u2029graph.txt", "line or paragraph"],
  ])("refuses %j (%s)", (raw, why) => {
    const check = checkFileName(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(why);
  });

  it.each([
    ["ASCII", "a"],
    ["2-byte é", "é"],
    ["3-byte 中", "中"],
    ["4-byte 😀", "😀"],
  ])("counts UTF-8 bytes, not characters, at the 255/256 boundary (%s)", (_label, unit) => {
    const unitBytes = bytes(unit);
    const ext = ".txt";
    // Fill with the unit as far as it goes, then pad with ASCII to land exactly on the cap.
    const repeat = Math.floor((FILE_NAME_MAX_BYTES - ext.length) / unitBytes);
    const pad = "x".repeat(FILE_NAME_MAX_BYTES - ext.length - repeat * unitBytes);
    const atCap = unit.repeat(repeat) + pad + ext;
    expect(bytes(atCap)).toBe(255);
    expect(checkFileName(atCap)).toEqual({ ok: true, name: atCap });

    const overCap = unit.repeat(repeat) + pad + "y" + ext;
    expect(bytes(overCap)).toBe(256);
    const check = checkFileName(overCap);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe("The file name is 256 bytes; the limit is 255 bytes (UTF-8).");
  });

  it("judges the byte cap after NFC normalisation", () => {
    // 127 NFD "é" are 381 bytes; NFC makes them 254.
    const nfd = "e\u0301".repeat(127);
    expect(bytes(nfd)).toBe(381);
    expect(checkFileName(nfd)).toEqual({ ok: true, name: "é".repeat(127) });
  });

  it("throws a 422 naming the field", () => {
    try {
      normaliseFileName("a/b", "filename");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).details).toEqual([
        { path: "filename", message: "The file name cannot contain / or \\." },
      ]);
    }
  });

  it("reads names back from URLs normalised, and never a name that cannot be stored", () => {
    expect(parseStoredFileName("re\u0301sume\u0301.pdf")).toBe("résumé.pdf");
    expect(parseStoredFileName("../x")).toBeNull();
    expect(parseStoredFileName("..")).toBeNull();
  });
});

describe("numbered names for duplicates", () => {
  it.each([
    ["report.pdf", ["report.pdf", "report_1.pdf", "report_2.pdf", "report_10.pdf"]],
    ["README", ["README", "README_1", "README_2", "README_10"]],
    [".env", [".env", ".env_1", ".env_2", ".env_10"]],
    ["archive.tar.gz", ["archive.tar.gz", "archive.tar_1.gz", "archive.tar_2.gz", "archive.tar_10.gz"]],
  ])("%s → %j", (name, expected) => {
    expect([0, 1, 2, 10].map((n) => numberedName(name, n))).toEqual(expected);
  });

  it("shortens the stem, whole characters at a time, so the numbered name stays within 255 bytes", () => {
    const name = "中".repeat(83) + "ab.pdf"; // 249 + 6 = 255 bytes
    expect(bytes(name)).toBe(255);
    for (const n of [1, 9, 10, 123, 9999]) {
      const numbered = numberedName(name, n);
      expect(bytes(numbered)).toBeLessThanOrEqual(255);
      expect(numbered.endsWith(`_${n}.pdf`)).toBe(true);
      expect(checkFileName(numbered)).toEqual({ ok: true, name: numbered });
      expect(numbered.isWellFormed()).toBe(true);
    }
    const emoji = "😀".repeat(63) + ".md"; // 252 + 3 = 255 bytes
    expect(numberedName(emoji, 1)).toBe("😀".repeat(62) + "_1.md");
  });

  it("puts the number at the end when the extension is too long to keep", () => {
    const name = "a." + "x".repeat(60);
    expect(numberedName(name, 1)).toBe(`${name}_1`);
  });
});

describe("names stored before the spoofing rule", () => {
  it.each(["invoice\u202Efdp.exe", "first\u2028second.txt"])(
    "still resolve %j, so the file can be read and deleted",
    (name) => {
      expect(parseStoredFileName(name)).toBe(name);
      expect(() => normaliseFileName(name)).toThrow(AppError);
    },
  );
});
