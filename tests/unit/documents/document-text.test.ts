import os from "node:os";
import path from "node:path";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { convertedPathFor } from "@/lib/storage/layout";
import { readDocumentText as readText } from "@/lib/documents/document-text";
import { writeTextAtomically } from "@/lib/storage/stored-files";

// Conversions run in a worker thread, which loads markitdown-ts on its first task: seconds on a
// busy machine, so these tests get more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

// One decision for the markdown preview and the read tool: text by sniffing, conversion once
// with a cache in derived/converted.md, and the refusals.

let root: string;
const fixture = (name: string) => readFile(path.join(__dirname, "../../fixtures/thread-files", name));

async function stored(name: string, bytes: Uint8Array | string): Promise<string> {
  const folder = path.join(root, crypto.randomUUID(), "original");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, name), bytes);
  return path.join(folder, name);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "doc-text-"));
});
afterEach(() => {
  delete process.env.AUTO_CONVERT_DOCUMENTS;
  resetConfigForTests();
});

/** Reads with the size the file has now, as a row recorded at upload would. */
async function readDocumentText({ originalPath, name }: { originalPath: string; name: string }) {
  const sizeBytes = await stat(originalPath).then(
    (s) => BigInt(s.size),
    () => 0n,
  );
  return readText({ originalPath, name, sizeBytes });
}

describe("readDocumentText", () => {
  it("serves text detected from the bytes, whatever the name", async () => {
    expect(
      await readDocumentText({ originalPath: await stored("notes.weird", "plain words"), name: "notes.weird" }),
    ).toEqual({ kind: "text", text: "plain words", converted: false });
  });

  it("refuses binaries", async () => {
    expect(
      await readDocumentText({ originalPath: await stored("a.txt", new Uint8Array([1, 0, 2])), name: "a.txt" }),
    ).toEqual({ kind: "binary" });
  });

  it("converts once and caches derived/converted.md, which later reads use", async () => {
    const originalPath = await stored("hello.docx", await fixture("hello.docx"));
    const first = await readDocumentText({ originalPath, name: "hello.docx" });
    expect(first).toMatchObject({ kind: "text", converted: true });
    const cachePath = convertedPathFor(originalPath);
    expect(await readFile(cachePath, "utf8")).toBe((first as { text: string }).text);
    await writeFile(cachePath, "cached markdown");
    expect(await readDocumentText({ originalPath, name: "hello.docx" })).toEqual({
      kind: "text",
      text: "cached markdown",
      converted: true,
    });
  });

  it("says conversion is off when a binary convertible format cannot be read without it", async () => {
    process.env.AUTO_CONVERT_DOCUMENTS = "false";
    resetConfigForTests();
    const originalPath = await stored("hello.docx", await fixture("hello.docx"));
    expect(await readDocumentText({ originalPath, name: "hello.docx" })).toEqual({ kind: "conversion_disabled" });
  });

  it("reports a damaged convertible file as unconvertible", async () => {
    const originalPath = await stored("broken.docx", new Uint8Array([0x50, 0x4b, 0, 0, 1, 2, 3]));
    expect(await readDocumentText({ originalPath, name: "broken.docx" })).toEqual({
      kind: "unconvertible",
      reason: "error",
    });
  });

  it("serves nothing, not even a cached conversion, when the original is gone or resized", async () => {
    const originalPath = await stored("hello.docx", await fixture("hello.docx"));
    const sizeBytes = BigInt((await stat(originalPath)).size);
    expect(await readText({ originalPath, name: "hello.docx", sizeBytes })).toMatchObject({
      kind: "text",
      converted: true,
    });
    expect(await readText({ originalPath, name: "hello.docx", sizeBytes: sizeBytes + 1n })).toEqual({
      kind: "content_missing",
    });
    await unlink(originalPath);
    expect(await readFile(convertedPathFor(originalPath), "utf8")).not.toBe("");
    expect(await readText({ originalPath, name: "hello.docx", sizeBytes })).toEqual({ kind: "content_missing" });

    const textPath = await stored("notes.txt", "twelve bytes");
    await writeFile(textPath, "now longer than recorded");
    expect(await readText({ originalPath: textPath, name: "notes.txt", sizeBytes: 12n })).toEqual({
      kind: "content_missing",
    });
  });
});

describe("a conversion that finishes after its document was purged", () => {
  it("does not bring the document's folder back", async () => {
    const original = await stored("late.html", "<p>late</p>");
    const documentFolder = path.dirname(path.dirname(original));
    await rm(documentFolder, { recursive: true });
    await expect(writeTextAtomically(convertedPathFor(original), "# late")).rejects.toMatchObject({ code: "ENOENT" });
    await expect(stat(documentFolder)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("still creates derived/ beside a live original", async () => {
    const original = await stored("live.html", "<p>live</p>");
    await writeTextAtomically(convertedPathFor(original), "# live");
    expect(await readFile(convertedPathFor(original), "utf8")).toBe("# live");
  });
});

describe("two conversions of one document at once (two instances on one data volume)", () => {
  it("never expose a partial converted.md: a reader sees no file or one whole conversion, and no temporary is left", async () => {
    const original = await stored("big.html", "<p>big</p>");
    const target = convertedPathFor(original);
    // Large enough that a plain write would be seen half-done (several writes of the file).
    const versions = ["a", "b"].map((letter) => `# ${letter}\n${`${letter.repeat(79)}\n`.repeat(40_000)}`);
    let writing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (writing) {
        const text = await readFile(target, "utf8").catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return null;
          throw error;
        });
        if (text !== null)
          seen.add(text.length === versions[0]!.length && versions.includes(text) ? text[2]! : "partial");
      }
    })();
    for (let round = 0; round < 5; round++)
      await Promise.all(versions.map((text) => writeTextAtomically(target, text)));
    writing = false;
    await reader;
    expect(seen.has("partial")).toBe(false);
    expect(versions).toContain(await readFile(target, "utf8"));
    expect(await readdir(path.dirname(target))).toEqual(["converted.md"]);
  });
});
