import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { userRoot } from "@/lib/storage/layout";
import { rawZip, type RawEntry } from "../support/raw-zip";
import { signUp, type Api } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";

// Folders and zips dropped on the shelf (docs/architecture.md § "Shelf folders and chat scope"): a
// folder from the computer arrives as one upload per file with its relative `path`; a .zip lands on
// the server file by file under the import's archive limits. Each reports what it made, what was
// already there, and what it refused and why; a hostile zip is refused whole with nothing left.

type Json = Record<string, any>;

afterEach(() => {
  delete process.env.IMPORT_MAX_ENTRIES;
  resetConfigForTests();
});

async function uploadAt(api: Api, projectId: string, relative: string, content: string): Promise<Response> {
  const body = new FormData();
  body.append("path", relative);
  body.append("file", new File([content], relative.split("/").at(-1)!));
  return api("POST", `/api/projects/${projectId}/documents`, { body });
}
function postZip(api: Api, projectId: string, zip: Buffer): Promise<Response> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(zip)], "drop.zip", { type: "application/zip" }));
  return api("POST", `/api/projects/${projectId}/documents/archive`, { body });
}
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
}
const file = (name: string, text: string): RawEntry => ({ name, data: Buffer.from(text), deflate: true });

describe("a folder dropped from the computer", () => {
  it("lands 1,000 files in matching folders, one upload each: 3 already on the shelf, 2 names refused", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const existing = await Promise.all([0, 1, 2].map((i) => uploadDocument(api, p, `old-${i}.txt`, `content ${i}`)));
    const files = Array.from({ length: 1000 }, (_, i) => ({
      path: `Drop/part-${i % 10}/${i % 100 === 7 ? "sub/" : ""}file-${i}.txt`,
      content: `content ${i}`,
    }));
    files[500]!.path = "Drop/bad\u202Ename.txt";
    files[501]!.path = `Drop/${"n".repeat(256)}.txt`;

    const outcomes: { path: string; status: number; body: Json }[] = [];
    for (let i = 0; i < files.length; i += 4) {
      const batch = files.slice(i, i + 4);
      outcomes.push(
        ...(await Promise.all(
          batch.map(async (f) => {
            const res = await uploadAt(api, p, f.path, f.content);
            return { path: f.path, status: res.status, body: await res.json() };
          }),
        )),
      );
    }
    const created = outcomes.filter((o) => o.status === 201);
    const duplicates = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status === 422);
    expect([created.length, duplicates.length, refused.length]).toEqual([995, 3, 2]);
    expect(duplicates.map((o) => o.body.document.id).sort()).toEqual(existing.map((d) => d.id).sort());
    expect(refused.map((o) => o.path)).toEqual([files[500]!.path, files[501]!.path]);
    expect(refused.every((o) => o.body.error.details[0].path === "path")).toBe(true);
    expect(created.find((o) => o.path === "Drop/part-7/sub/file-107.txt")!.body.document.folderPath).toBe(
      "Drop/part-7/sub",
    );

    await searchIndexingSettled();
    const page = await (await api("GET", `/api/projects/${p}/documents?limit=1`)).json();
    expect(page.total).toBe(998);
    const folders = (await (await api("GET", `/api/projects/${p}/folders`)).json()).folders;
    // Drop, its ten parts, and the one subfolder (every hundredth file from the 7th, all in part-7).
    expect(folders).toHaveLength(1 + 10 + 1);
    const part3 = folders.find((f: Json) => f.path === "Drop/part-3");
    expect((await (await api("GET", `/api/projects/${p}/documents?folderId=${part3.id}`)).json()).total).toBe(100);
  }, 240_000);
});

describe("a zip dropped on the shelf", () => {
  it("lands file by file into matching folders and reports what it made, found and refused", async () => {
    const { api } = await signUp();
    const p = await newProject(api);
    const already = await uploadDocument(api, p, "already.txt", "same bytes");
    const zip = rawZip([
      { name: "Reports/", data: Buffer.alloc(0) },
      file("Reports/q3.txt", "quarter three"),
      file("Reports/2026/plan.txt", "the plan"),
      file("copy-of-already.txt", "same bytes"),
      file("Reports/bad\u202Ename.txt", "refused"),
      file("Reports/empty.txt", ""),
      file("__MACOSX/Reports/._q3.txt", "resource fork"),
      file("top.txt", "top"),
    ]);
    const res = await postZip(api, p, zip);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.created.map((d: Json) => [d.name, d.folderPath])).toEqual([
      ["q3.txt", "Reports"],
      ["plan.txt", "Reports/2026"],
      ["top.txt", null],
    ]);
    expect(body.duplicates).toEqual([
      { name: "copy-of-already.txt", existing: expect.objectContaining({ id: already.id }) },
    ]);
    expect(body.refused).toEqual([
      { name: "Reports/bad\u202Ename.txt", reason: expect.stringContaining("bidirectional") },
      { name: "Reports/empty.txt", reason: "The file is empty." },
    ]);
    await searchIndexingSettled();
    expect((await (await api("GET", `/api/projects/${p}/documents`)).json()).total).toBe(4);
  });

  it.each([
    ["a .. path", () => rawZip([file("ok.txt", "fine"), file("../evil.txt", "evil")]), "unsafe_path"],
    ["an absolute path", () => rawZip([file("ok.txt", "fine"), file("/tmp/evil.txt", "evil")]), "unsafe_path"],
    [
      "a decompression bomb",
      () => rawZip([file("ok.txt", "fine"), { name: "bomb.txt", data: Buffer.alloc(8 * 1024 * 1024), deflate: true }]),
      "too_large",
    ],
    [
      "more entries than the import allows",
      () => rawZip([file("a.txt", "a"), file("b.txt", "b"), file("c.txt", "c")]),
      "too_many_entries",
    ],
    [
      "an entry larger than it declares",
      () =>
        rawZip([
          file("ok.txt", "fine"),
          { name: "liar.txt", data: Buffer.from("x".repeat(5000)), deflate: true, declaredSize: 10 },
        ]),
      "corrupt_entry",
    ],
    ["no zip at all", () => Buffer.from("not a zip at all"), "not_a_zip"],
  ])("refuses %s with 422 and leaves nothing behind", async (_, make, reason) => {
    process.env.IMPORT_MAX_ENTRIES = "2";
    resetConfigForTests();
    const { id, api } = await signUp();
    const p = await newProject(api);
    const res = await postZip(api, p, make());
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.details[0]).toMatchObject({ path: "file", reason });
    expect((await (await api("GET", `/api/projects/${p}/documents`)).json()).total).toBe(0);
    expect((await (await api("GET", `/api/projects/${p}/folders`)).json()).folders).toEqual([]);
    await searchIndexingSettled();
    // No document's file, no staged entry, no staged archive: nothing anywhere in the user's storage.
    expect(await filesUnder(userRoot(id))).toEqual([]);
  });

  it("is refused on another user's or an archived shelf", async () => {
    const owner = await signUp();
    const other = await signUp();
    const p = await newProject(owner.api);
    expect((await postZip(other.api, p, rawZip([file("a.txt", "a")]))).status).toBe(404);
    await owner.api("POST", `/api/projects/${p}/archive`);
    expect((await postZip(owner.api, p, rawZip([file("a.txt", "a")]))).status).toBe(404);
  });
});
