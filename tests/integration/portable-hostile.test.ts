import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { resetConfigForTests } from "@/lib/config/env";
import { userRoot } from "@/lib/storage/layout";
import { signUp, type Api } from "../support/route-client";
import { rawZip } from "../support/raw-zip";

// Hostile and broken archives: each is refused with 422 and its reason, and leaves nothing
// behind: no project, chat or document, no file anywhere in the user's storage (staging
// included), nothing outside it.

afterEach(() => {
  delete process.env.IMPORT_MAX_BYTES;
  delete process.env.IMPORT_MAX_ENTRIES;
  resetConfigForTests();
});

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const now = new Date().toISOString();

function manifest({
  documents = [] as { path: string | null; data: Buffer; name?: string; sha?: string }[],
  version = 1 as unknown,
} = {}) {
  return Buffer.from(
    JSON.stringify({
      formatVersion: version,
      exportedAt: now,
      projects: [{ key: "p1", name: "Imported", instructions: "", status: "active", createdAt: now, updatedAt: now }],
      documents: documents.map((d) => ({
        project: "p1",
        name: d.name ?? path.posix.basename(d.path ?? "missing.txt"),
        sha256: d.sha ?? sha256(d.data),
        sizeBytes: d.data.length,
        source: null,
        trashed: null,
        createdAt: now,
        path: d.path,
      })),
      threads: [
        {
          key: "t1",
          title: "Imported chat",
          project: "p1",
          createdAt: now,
          updatedAt: now,
          messages: [{ role: "user", parts: [{ type: "text", text: "hi" }], metadata: null, createdAt: now }],
          files: [],
          transcript: "threads/Imported chat.md",
        },
      ],
    }),
  );
}

async function importZip(api: Api, zip: Buffer): Promise<Response> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(zip)], "export.zip"));
  return api("POST", "/api/import", { body });
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
}

async function expectRefused(zip: Buffer, reason: string) {
  const user = await signUp("Mallory");
  const res = await importZip(user.api, zip);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(422);
  expect(body.error.code).toBe("validation_failed");
  expect(body.error.details[0]).toMatchObject({ path: "file", reason });
  const { projects } = await (await user.api("GET", "/api/projects")).json();
  expect(projects.map((p: { name: string }) => p.name)).toEqual(["My first project"]);
  expect((await (await user.api("GET", "/api/threads")).json()).total).toBe(0);
  expect((await (await user.api("GET", "/api/trash/documents")).json()).total).toBe(0);
  expect(await filesUnder(userRoot(user.id))).toEqual([]);
  for (const outside of [
    path.join(process.env.DATA_DIR!, "evil.txt"),
    path.resolve(process.env.DATA_DIR!, "..", "evil.txt"),
    "/tmp/evil-b15.txt",
  ]) {
    expect(existsSync(outside)).toBe(false);
  }
  return body.error.message as string;
}

describe("import refuses hostile archives and leaves nothing behind", () => {
  const good = Buffer.from("good bytes");

  it.each([
    ["../evil.txt", "a .. segment"],
    ["projects/../../evil.txt", "a nested .. segment"],
    ["/tmp/evil-b15.txt", "an absolute path"],
    ["C:/evil.txt", "a drive letter"],
    ["projects\\..\\evil.txt", "backslashes"],
  ])("%s (%s): unsafe_path", async (name) => {
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: [{ path: name, data: good }] }) },
      { name, data: good },
    ]);
    await expectRefused(zip, "unsafe_path");
  });

  it("a zip bomb: a small file expanding past IMPORT_MAX_BYTES", async () => {
    process.env.IMPORT_MAX_BYTES = String(1024 * 1024);
    resetConfigForTests();
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const zip = rawZip([
      {
        name: "manifest.json",
        data: manifest({ documents: [{ path: "projects/Imported/documents/zeros.bin", data: zeros }] }),
      },
      { name: "projects/Imported/documents/zeros.bin", data: zeros, deflate: true },
    ]);
    expect(zip.length).toBeLessThan(64 * 1024);
    expect(await expectRefused(zip, "too_large")).toContain("IMPORT_MAX_BYTES");
  });

  it("a zip bomb whose headers lie about its size: caught while streaming, after the chat was created", async () => {
    process.env.IMPORT_MAX_BYTES = String(1024 * 1024);
    resetConfigForTests();
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const name = "projects/Imported/documents/zeros.bin";
    const claimed = { path: name, data: Buffer.alloc(10), sha: sha256(zeros) };
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: [claimed] }) },
      { name, data: zeros, deflate: true, declaredSize: 10 },
    ]);
    await expectRefused(zip, "corrupt_entry");
  });

  it("more entries than IMPORT_MAX_ENTRIES", async () => {
    process.env.IMPORT_MAX_ENTRIES = "3";
    resetConfigForTests();
    const files = ["a", "b", "c", "d"].map((n) => ({
      path: `projects/Imported/documents/${n}.txt`,
      data: Buffer.from(n),
    }));
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: files }) },
      ...files.map((f) => ({ name: f.path, data: f.data })),
    ]);
    expect(await expectRefused(zip, "too_many_entries")).toContain("IMPORT_MAX_ENTRIES");
  });

  it("duplicate entries", async () => {
    const file = "projects/Imported/documents/a.txt";
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: [{ path: file, data: good }] }) },
      { name: file, data: good },
      { name: file, data: Buffer.from("other bytes") },
    ]);
    await expectRefused(zip, "duplicate_entry");
  });

  it("a truncated archive", async () => {
    const file = "projects/Imported/documents/a.txt";
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: [{ path: file, data: good }] }) },
      { name: file, data: good },
    ]);
    await expectRefused(zip.subarray(0, Math.floor(zip.length * 0.6)), "not_a_zip");
  });

  it("a manifest pointing at a file the archive does not have", async () => {
    const zip = rawZip([
      {
        name: "manifest.json",
        data: manifest({ documents: [{ path: "projects/Imported/documents/missing.txt", data: good }] }),
      },
    ]);
    expect(await expectRefused(zip, "manifest_mismatch")).toContain("missing.txt");
  });

  it("a file the manifest does not name", async () => {
    const zip = rawZip([
      { name: "manifest.json", data: manifest() },
      { name: "smuggled.sh", data: good },
    ]);
    await expectRefused(zip, "manifest_mismatch");
  });

  it("an unknown format version", async () => {
    const zip = rawZip([{ name: "manifest.json", data: manifest({ version: 2 }) }]);
    expect(await expectRefused(zip, "unknown_version")).toContain("version 2");
  });

  it("not a zip at all", async () => {
    await expectRefused(Buffer.from("just some text, not an archive"), "not_a_zip");
  });

  it("a failure half-way (bytes that do not hash to the manifest's sha256) undoes what was already created", async () => {
    const first = { path: "projects/Imported/documents/first.txt", data: Buffer.from("first, imported fine") };
    const second = {
      path: "projects/Imported/documents/second.txt",
      data: Buffer.from("second, tampered"),
      sha: sha256(Buffer.from("original")),
    };
    const zip = rawZip([
      { name: "manifest.json", data: manifest({ documents: [first, second] }) },
      { name: first.path, data: first.data },
      { name: second.path, data: second.data },
    ]);
    expect(await expectRefused(zip, "manifest_mismatch")).toContain("sha256");
  });

  it("an archive larger than IMPORT_MAX_BYTES: 413 while uploading", async () => {
    process.env.IMPORT_MAX_BYTES = "1000";
    resetConfigForTests();
    const user = await signUp("Big");
    const zip = rawZip([
      { name: "manifest.json", data: manifest() },
      { name: "pad.bin", data: Buffer.alloc(5000, 1) },
    ]);
    const res = await importZip(user.api, zip);
    expect(res.status).toBe(413);
    expect(await filesUnder(userRoot(user.id))).toEqual([]);
  });

  it("a well-formed archive of the same shape imports (the refusals above are not the path always taken)", async () => {
    const user = await signUp("Honest");
    const file = { path: "projects/Imported/documents/a.txt", data: good };
    const zip = await new Promise<Buffer>((resolve) => {
      const z = new ZipFile();
      z.addBuffer(manifest({ documents: [file] }), "manifest.json");
      z.addBuffer(file.data, file.path);
      z.end();
      const chunks: Buffer[] = [];
      z.outputStream.on("data", (c: Buffer) => chunks.push(c));
      z.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    });
    const res = await importZip(user.api, zip);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ projects: 1, documents: 1, threads: 1 });
  });
});
