import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkManifest } from "@/lib/portable/check-manifest";

const at = "2026-01-01T00:00:00.000Z";
const limits = { instructionsMaxBytes: 16, noteMaxBytes: 64, uploadMaxBytes: 100 };

function manifest(change: (m: any) => void = () => {}) {
  const m = {
    formatVersion: 1,
    exportedAt: at,
    projects: [{ key: "p", name: "P", instructions: "", status: "active", createdAt: at, updatedAt: at }],
    documents: [
      {
        project: "p",
        name: "a.txt",
        sha256: "a".repeat(64),
        sizeBytes: 3,
        source: null,
        trashed: null,
        createdAt: at,
        path: "projects/P/documents/a.txt",
      },
    ],
    threads: [
      {
        key: "t",
        title: "T",
        project: "p",
        createdAt: at,
        updatedAt: at,
        messages: [],
        files: [{ kind: "upload", name: "u.txt", sizeBytes: 2, path: "threads/T/uploads/u.txt" }],
        transcript: "threads/T.md",
      },
    ],
  };
  change(m);
  return m;
}

const entries = (extra: [string, number][] = []) =>
  new Map<string, number>([
    ["manifest.json", 500],
    ["projects/P/documents/a.txt", 3],
    ["threads/T/uploads/u.txt", 2],
    ["threads/T.md", 10],
    ...extra,
  ]);

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return ((error as AppError).details as { reason: string }[])[0]!.reason;
  }
  return "accepted";
}

describe("checkManifest", () => {
  it("accepts a manifest that matches its entries one to one (transcripts optional)", () => {
    expect(checkManifest(manifest(), entries(), limits).documents).toHaveLength(1);
    const withoutTranscript = entries();
    withoutTranscript.delete("threads/T.md");
    expect(reasonOf(() => checkManifest(manifest(), withoutTranscript, limits))).toBe("accepted");
  });

  it.each([
    ["an unknown version", (m: any) => (m.formatVersion = 2), entries(), "unknown_version"],
    ["no version at all", (m: any) => delete m.formatVersion, entries(), "unknown_version"],
    ["a malformed document", (m: any) => (m.documents[0].sha256 = "nope"), entries(), "manifest_invalid"],
    ["a reference to an unknown project", (m: any) => (m.documents[0].project = "x"), entries(), "manifest_invalid"],
    ["a chat in an unknown project", (m: any) => (m.threads[0].project = "x"), entries(), "manifest_invalid"],
    ["a live document on no shelf", (m: any) => (m.documents[0].project = null), entries(), "manifest_invalid"],
    [
      "a file name the upload rules refuse",
      (m: any) => (m.documents[0].name = "a/b.txt"),
      entries(),
      "manifest_invalid",
    ],
    ["a project name that is empty", (m: any) => (m.projects[0].name = "  "), entries(), "manifest_invalid"],
    [
      "instructions over this server's cap",
      (m: any) => (m.projects[0].instructions = "字".repeat(6)),
      entries(),
      "manifest_invalid",
    ],
    ["a duplicate project key", (m: any) => m.projects.push({ ...m.projects[0] }), entries(), "manifest_invalid"],
    [
      "a named file that is missing",
      (m: any) => (m.documents[0].path = "projects/P/documents/gone.txt"),
      entries(),
      "manifest_mismatch",
    ],
    ["a size that differs", (m: any) => (m.documents[0].sizeBytes = 4), entries(), "manifest_mismatch"],
    [
      "a file named twice",
      (m: any) => (m.threads[0].files[0].path = "projects/P/documents/a.txt"),
      entries(),
      "manifest_mismatch",
    ],
    ["an entry nobody names", () => {}, entries([["extra.bin", 1]]), "manifest_mismatch"],
    [
      "a file over this server's upload limit",
      (m: any) => (m.documents[0].sizeBytes = 101),
      entries([]).set("projects/P/documents/a.txt", 101),
      "too_large",
    ],
  ])("refuses %s", (_, change, archive, reason) => {
    expect(reasonOf(() => checkManifest(manifest(change), archive, limits))).toBe(reason);
  });
});
