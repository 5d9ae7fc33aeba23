import { describe, expect, it } from "vitest";
import { claimPath, entryNameProblem, folderSegment } from "@/lib/portable/archive-paths";
import { uniqueProjectName } from "@/lib/projects/unique-project-name";

describe("folderSegment", () => {
  it.each([
    ["Alpha", "Alpha"],
    ['a/b\\c:d*e?f"g<h>i|j', "a_b_c_d_e_f_g_h_i_j"],
    ["  ..hidden..  ", "hidden"],
    ["", "fallback"],
    ["...", "fallback"],
    ["line\nbreak", "line_break"],
    ["計画", "計画"],
  ])("%j → %j", (name, expected) => {
    expect(folderSegment(name, "fallback")).toBe(expected);
  });

  it("cuts long names at a code point, within 100 bytes", () => {
    const segment = folderSegment("字".repeat(60), "x");
    expect(new TextEncoder().encode(segment).length).toBeLessThanOrEqual(100);
    expect(segment).toBe("字".repeat(33));
  });
});

describe("claimPath", () => {
  it("numbers files like uploads and folders as (2), case-insensitively", () => {
    const taken = new Set<string>();
    expect(claimPath(taken, "p/documents", "a.txt", "file")).toBe("p/documents/a.txt");
    expect(claimPath(taken, "p/documents", "A.TXT", "file")).toBe("p/documents/A_1.TXT");
    expect(claimPath(taken, "p/documents", "a.txt", "file")).toBe("p/documents/a_2.txt");
    expect(claimPath(taken, "threads", "Chat", "folder")).toBe("threads/Chat");
    expect(claimPath(taken, "threads", "chat", "folder")).toBe("threads/chat (2)");
  });
});

describe("entryNameProblem", () => {
  it.each(["manifest.json", "projects/A/documents/a b.txt", "threads/計画/uploads/x.pdf", "threads/x/"])(
    "accepts %j",
    (name) => {
      expect(entryNameProblem(name)).toBeNull();
    },
  );

  it.each([
    ["", "empty"],
    ["/etc/passwd", "absolute"],
    ["C:/x", "absolute"],
    ["c:x", "absolute"],
    ["../x", ".."],
    ["a/../../x", ".."],
    ["a/..", ".."],
    ["a\\b", "backslash"],
    ["a//b", "empty or ."],
    ["./a", "empty or ."],
    ["a\u0000b", "control"],
  ])("refuses %j (%s)", (name, why) => {
    expect(entryNameProblem(name)).toContain(why);
  });
});

describe("uniqueProjectName", () => {
  it("keeps a free name and numbers a taken one, comparing as the database does", () => {
    expect(uniqueProjectName("Alpha", new Set())).toBe("Alpha");
    expect(uniqueProjectName("Alpha", new Set(["alpha"]))).toBe("Alpha (2)");
    expect(uniqueProjectName(" Alpha ", new Set(["alpha", "alpha (2)"]))).toBe("Alpha (3)");
  });

  it("shortens the base so the suffix fits the 128-character cap", () => {
    const long = "x".repeat(128);
    const name = uniqueProjectName(long, new Set([long]));
    expect(name).toBe(`${"x".repeat(124)} (2)`);
    expect(name.length).toBe(128);
  });
});
