import os from "node:os";
import path from "node:path";
import { mkdtemp, mkdir, symlink } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import {
  convertedPathFor,
  documentFolderPath,
  documentFolderRelpath,
  originalRelpath,
  resolveOriginalPath,
} from "@/lib/storage/layout";
import { projectsRoot } from "@/lib/storage/layout";

// The shelf's storage layout (docs/architecture.md § "Disk layout") and the confinement of stored
// paths.

const sha = "ab".padEnd(64, "0");
const location = { projectId: "p-1", sha256: sha, documentId: "d-1" };
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "doc-paths-"));
  process.env.DATA_DIR = dataDir;
  resetConfigForTests();
});
afterAll(() => {
  delete process.env.DATA_DIR;
  resetConfigForTests();
});

describe("document paths", () => {
  it("lays a document out as {projectId}/documents/{sha[:2]}/{sha}/{documentId}/original/{name}", () => {
    expect(documentFolderRelpath(location)).toBe(`p-1/documents/ab/${sha}/d-1`);
    expect(originalRelpath(location, "Q3 report.pdf")).toBe(`p-1/documents/ab/${sha}/d-1/original/Q3 report.pdf`);
    expect(documentFolderPath({ userId: "u-1", ...location })).toBe(
      path.join(projectsRoot("u-1"), documentFolderRelpath(location)),
    );
  });

  it("puts derived/converted.md beside original/", () => {
    const original = path.join("/x", documentFolderRelpath(location), "original", "a.docx");
    expect(convertedPathFor(original)).toBe(
      path.join("/x", documentFolderRelpath(location), "derived", "converted.md"),
    );
  });

  it("refuses an id that is not a plain path segment", () => {
    expect(() => documentFolderPath({ userId: "u-1", ...location, projectId: "../other" })).toThrow();
  });

  it("resolves a stored path inside the user's projects root and 404s anything escaping it", async () => {
    const relpath = originalRelpath(location, "a.txt");
    expect(await resolveOriginalPath({ userId: "u-1", storedRelpath: relpath })).toBe(
      path.join(projectsRoot("u-1"), relpath),
    );
    for (const bad of ["../../u-2/projects/p/documents/x", "/etc/passwd", "", "p-1/../../.."]) {
      await expect(resolveOriginalPath({ userId: "u-1", storedRelpath: bad })).rejects.toMatchObject({
        code: "not_found",
      });
    }
    // A symlink planted inside the root cannot lead a read outside it.
    await mkdir(path.join(projectsRoot("u-1"), "p-2"), { recursive: true });
    await symlink(os.tmpdir(), path.join(projectsRoot("u-1"), "p-2", "documents"));
    await expect(resolveOriginalPath({ userId: "u-1", storedRelpath: "p-2/documents/x" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
