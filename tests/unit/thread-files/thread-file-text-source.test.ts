import path from "node:path";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { access, mkdtemp, readFile, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { threadDerivedDir } from "@/lib/storage/layout";
import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import { readThreadFileText } from "@/tests/support/thread-file-text";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";

// Conversions run in a worker thread, which loads markitdown-ts on its first task: seconds on a
// busy machine, so these tests get more than the default 5 s.
vi.setConfig({ testTimeout: 30_000 });

// What the read_thread_file tool gets for each kind of file: text detected from the bytes,
// convertible uploads as their markdown companion, everything else a readable error.

const saved = { DATA_DIR: process.env.DATA_DIR, AUTO_CONVERT_DOCUMENTS: process.env.AUTO_CONVERT_DOCUMENTS };
let dataDir: string;
const ref = { userId: "user-1", threadId: randomUUID() };
const fixture = (name: string) => readFile(path.join(__dirname, "../../fixtures/thread-files", name));

function setAutoConvert(on: boolean) {
  process.env.AUTO_CONVERT_DOCUMENTS = String(on);
  resetConfigForTests();
}

async function upload(name: string, bytes: Uint8Array | string) {
  return ingestThreadUpload({ ...ref, name, stream: Readable.from([Buffer.from(bytes)]) });
}

const read = (name: string, kind: "upload" | "output" = "upload") => readThreadFileText({ ...ref, kind, name });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "thread-text-"));
  process.env.DATA_DIR = dataDir;
  resetConfigForTests();
});
beforeEach(() => setAutoConvert(true));
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
  await rm(dataDir, { recursive: true, force: true });
});

describe("text detection", () => {
  it.each([
    ["notes.txt", "plain words\nand lines\n", "plain words\nand lines\n"],
    ["table.csv", "a,b\n1,2\n", "a,b\n1,2\n"],
    ["config.unknownext", "key = value\n", "key = value\n"],
    ["bom.txt", "\ufeffwith a byte order mark", "with a byte order mark"],
    ["chinese.md", "# 标题\n中文内容", "# 标题\n中文内容"],
    ["empty.txt", "", ""],
  ])("serves %s as text", async (name, content, expected) => {
    await upload(name, content);
    expect(await read(name)).toEqual({ filename: name, text: expected, converted: false });
  });

  it.each([
    ["image.bin", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])],
    ["latin1.txt", Buffer.from("caf\xe9 cr\xe8me", "latin1")],
    [
      "controls.dat",
      Buffer.from(
        "\x01\x02\x03\x04\x05\x06 mostly control characters \x07\x08\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1c\x1d\x1e\x1f",
      ),
    ],
  ])("refuses %s as binary", async (name, bytes) => {
    await upload(name, bytes);
    expect(await read(name)).toEqual({ error: `${JSON.stringify(name)} is a binary file and cannot be read as text.` });
  });

  it("answers a missing or impossible name with an error, never an exception", async () => {
    for (const name of ["nope.txt", "../notes.txt", "..", "a/b"]) {
      expect(await read(name)).toEqual({ error: expect.stringContaining("There is no upload named") });
    }
    expect(await read("notes.txt", "output")).toEqual({ error: expect.stringContaining("There is no output named") });
  });
});

describe("conversion", () => {
  it.each([
    [
      "page.html",
      "<html><body><h1>Title</h1><p>Some <b>bold</b> words</p></body></html>",
      "# Title\n\nSome **bold** words",
    ],
    ["hello.docx", "hello.docx", "# Quarterly plan\n\nThe docx fixture says hello."],
    ["hello.pdf", "hello.pdf", "The pdf fixture says hello."],
  ])("serves %s as the markdown companion stored at upload", async (name, content, expected) => {
    const bytes = name.endsWith(".html") ? content : await fixture(content);
    await upload(name, bytes);
    const companion = path.join(threadDerivedDir(ref, "uploads"), name, "converted.md");
    expect(await readFile(companion, "utf8")).toContain(expected);
    const result = await read(name);
    expect(result).toMatchObject({ filename: name, converted: true });
    expect((result as { text: string }).text).toContain(expected);
  });

  it("converts on first read, and caches, an upload that arrived while conversion was off", async () => {
    setAutoConvert(false);
    await upload("late.html", "<p>converted <i>later</i></p>");
    const companion = path.join(threadDerivedDir(ref, "uploads"), "late.html", "converted.md");
    await expect(access(companion)).rejects.toThrow();
    // With conversion off, HTML is still text: the source is served as is.
    expect(await read("late.html")).toEqual({
      filename: "late.html",
      text: "<p>converted <i>later</i></p>",
      converted: false,
    });

    setAutoConvert(true);
    expect(await read("late.html")).toEqual({ filename: "late.html", text: "converted _later_", converted: true });
    expect(await readFile(companion, "utf8")).toBe("converted _later_");
  });

  it("says so when a binary document needs conversion and conversion is off", async () => {
    setAutoConvert(false);
    await upload("off.pdf", await fixture("hello.pdf"));
    const docx = await upload("off.docx", await fixture("hello.docx"));
    expect(await read("off.docx")).toEqual({ error: expect.stringContaining("AUTO_CONVERT_DOCUMENTS") });
    expect(docx.filename).toBe("off.docx");
  });

  it("reports a damaged document without leaking its bytes", async () => {
    const secret = `SECRET-${randomUUID()}`;
    await upload("broken.docx", Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.from(secret), Buffer.alloc(64)]));
    const result = await read("broken.docx");
    expect(result).toEqual({ error: expect.stringContaining("could not be converted") });
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("reads outputs as the text the agent wrote, without converting them", async () => {
    await writeThreadOutput({ ...ref, name: "summary.html", content: "<h1>Mine</h1>" });
    expect(await read("summary.html", "output")).toEqual({
      filename: "summary.html",
      text: "<h1>Mine</h1>",
      converted: false,
    });
    await writeThreadOutput({ ...ref, name: "summary.html", content: "<h1>Revised</h1>" });
    expect(await read("summary.html", "output")).toEqual({
      filename: "summary.html",
      text: "<h1>Revised</h1>",
      converted: false,
    });
  });
});
