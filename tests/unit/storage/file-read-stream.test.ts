import path from "node:path";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import yauzl from "yauzl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileReadStream } from "@/lib/storage/stored-files";

// An export reads each file in reads sized to what it should hold. What a user must get from
// that: every byte of a file of any size, and a failed download (never a zip with a file cut
// short or padded) when the file no longer has the size the export planned with.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "read-stream-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A zip of one lazily read entry, as the export writes it, or the error it ends with. */
async function zipOf(file: string, plannedSize: number): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const failed = new Promise<never>((_, reject) => zip.on("error", reject));
  zip.addReadStreamLazy("entry.bin", { compress: false, size: plannedSize }, (done) =>
    done(null, fileReadStream(file, plannedSize)),
  );
  zip.end();
  const collect = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await Promise.race([pipeline(zip.outputStream, collect), failed]);
  return Buffer.concat(chunks);
}

async function unzipOne(zip: Buffer): Promise<Buffer> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
    file.once("entry", resolve);
    file.once("error", reject);
    file.readEntry();
  });
  return readAll(await file.openReadStreamPromise(entry));
}

describe("fileReadStream", () => {
  it.each([
    ["empty", 0],
    ["16 KiB", 16 * 1024],
    ["one byte over a read", 64 * 1024 + 1],
    ["several reads", 300 * 1024 + 7],
  ])("reads every byte of a file (%s) and the zip carries it unchanged", async (_label, size) => {
    const bytes = randomBytes(size);
    const file = path.join(dir, "f.bin");
    await writeFile(file, bytes);
    expect((await readAll(fileReadStream(file, size))).equals(bytes)).toBe(true);
    expect((await unzipOne(await zipOf(file, size))).equals(bytes)).toBe(true);
  });

  it.each([
    ["grew", 4096, 4097],
    ["shrank", 4096, 4000],
  ])("fails the zip when the file %s since it was measured", async (_label, planned, actual) => {
    const file = path.join(dir, "f.bin");
    await writeFile(file, randomBytes(actual));
    await expect(zipOf(file, planned)).rejects.toThrow(/size|bytes/i);
  });
});
