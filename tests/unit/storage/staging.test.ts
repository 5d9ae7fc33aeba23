import path from "node:path";
import os from "node:os";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { streamToStaging, writeToStaging } from "@/lib/storage/staging";

let stagingDir: string;

beforeEach(async () => {
  stagingDir = path.join(await mkdtemp(path.join(os.tmpdir(), "staging-")), ".staging");
});
afterEach(async () => {
  await rm(path.dirname(stagingDir), { recursive: true, force: true });
});

function chunks(...parts: string[]): AsyncIterable<Uint8Array> {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("streamToStaging", () => {
  it("writes, counts and hashes in one pass", async () => {
    const staged = await streamToStaging({ stagingDir, source: chunks("hello ", "world"), maxBytes: 100 });
    expect(staged.sizeBytes).toBe(11);
    expect(staged.sha256).toBe(sha256("hello world"));
    expect(path.dirname(staged.path)).toBe(stagingDir);
    expect(await readFile(staged.path, "utf8")).toBe("hello world");
  });

  it("accepts a Web ReadableStream", async () => {
    const source = new Blob(["web ", "stream"]).stream();
    const staged = await streamToStaging({ stagingDir, source, maxBytes: 100 });
    expect(await readFile(staged.path, "utf8")).toBe("web stream");
  });

  it("accepts exactly the limit", async () => {
    const staged = await streamToStaging({ stagingDir, source: chunks("12345", "67890"), maxBytes: 10 });
    expect(staged.sizeBytes).toBe(10);
  });

  it("stops at the first byte past the limit with a 413 and leaves no partial file", async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(1024, 1);
      }
    }
    const error = await streamToStaging({ stagingDir, source: endless(), maxBytes: 4096 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect(pulled).toBe(5); // the source is not read to its end
    expect(await readdir(stagingDir)).toEqual([]);
  });

  it("removes the partial file when the source fails", async () => {
    async function* broken() {
      yield Buffer.from("partial");
      throw new Error("client went away");
    }
    await expect(streamToStaging({ stagingDir, source: broken(), maxBytes: 100 })).rejects.toThrow("client went away");
    expect(await readdir(stagingDir)).toEqual([]);
  });
});

describe("writeToStaging", () => {
  it("refuses content over the limit before writing anything", async () => {
    await expect(writeToStaging({ stagingDir, bytes: Buffer.from("too long"), maxBytes: 3 })).rejects.toMatchObject({
      status: 413,
    });
    const staged = await writeToStaging({ stagingDir, bytes: Buffer.from("abc"), maxBytes: 3 });
    expect(staged.sha256).toBe(sha256("abc"));
  });
});
