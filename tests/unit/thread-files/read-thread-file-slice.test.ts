import path from "node:path";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sliceText } from "@/lib/text/slice-text";
import { resetConfigForTests } from "@/lib/config/env";
import { threadDerivedDir } from "@/lib/storage/layout";
import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import { readThreadFileSlice } from "@/lib/thread-files/read-thread-file-slice";
import { writeThreadOutput } from "@/lib/thread-files/write-thread-output";

// read_thread_file's slices: equal to slicing the whole text, read through an offset sidecar in
// the file's derived folder, so after the first read no slice reads the whole file again.

const wholeReads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock("@/lib/storage/stored-files", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/storage/stored-files")>();
  return {
    ...real,
    readFileBytes: (filePath: string) => {
      wholeReads.paths.push(filePath);
      return real.readFileBytes(filePath);
    },
  };
});

vi.setConfig({ testTimeout: 30_000 });

const saved = process.env.DATA_DIR;
let dataDir: string;
const ref = { userId: "user-1", threadId: randomUUID() };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "thread-slice-"));
  process.env.DATA_DIR = dataDir;
  resetConfigForTests();
});
afterAll(async () => {
  if (saved === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved;
  resetConfigForTests();
  await rm(dataDir, { recursive: true, force: true });
});

const line = "Thread slices count characters, not bytes: 中文 and 😀 included.\n";
const text = line.repeat(2000);

describe("readThreadFileSlice", () => {
  it("slices an upload through its sidecar, reading the whole file only once", async () => {
    await ingestThreadUpload({ ...ref, name: "long.txt", stream: Readable.from([Buffer.from(text)]) });
    wholeReads.paths = [];
    const total = [...text].length;
    for (const offset of [0, 40_000, total - 4000, total + 10]) {
      expect(await readThreadFileSlice({ ...ref, kind: "upload", name: "long.txt", offset, limit: 4000 })).toEqual({
        name: "long.txt",
        ...sliceText(text, { offset, limit: 4000 }),
      });
    }
    // Only the first slice read the file whole, to build the sidecar.
    expect(wholeReads.paths.filter((file) => file.endsWith("long.txt"))).toHaveLength(1);
    const sidecar = path.join(threadDerivedDir(ref, "uploads"), "long.txt", "original.offsets.json");
    expect(JSON.parse(await readFile(sidecar, "utf8"))).toMatchObject({ chars: total });
  });

  it("follows an output the agent rewrote", async () => {
    await writeThreadOutput({ ...ref, name: "notes.md", content: "first draft of the notes" });
    expect(await readThreadFileSlice({ ...ref, kind: "output", name: "notes.md", offset: 0, limit: 5 })).toMatchObject({
      content: "first",
      totalChars: 24,
    });
    await writeThreadOutput({ ...ref, name: "notes.md", content: "second draft, a little longer" });
    expect(await readThreadFileSlice({ ...ref, kind: "output", name: "notes.md", offset: 0, limit: 6 })).toMatchObject({
      content: "second",
      totalChars: 29,
    });
  });

  it("answers a missing file with an error", async () => {
    expect(await readThreadFileSlice({ ...ref, kind: "upload", name: "nope.txt" })).toEqual({
      error: expect.stringContaining("There is no upload named"),
    });
  });
});
