import "server-only";
import path from "node:path";
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { AppError } from "@/lib/errors";
import { isGone } from "./is-gone";

// Bytes arrive in a staging file first and are moved into place only once complete, so a
// reader never sees half a file and a failed upload leaves nothing where files are listed.
// One pass does everything: count, hash and write, with bounded memory whatever the size.

export interface StagedFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

export type ByteSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

function toAsyncIterable(source: ByteSource): AsyncIterable<Uint8Array> {
  if ("getReader" in source) return Readable.fromWeb(source as NodeWebReadableStream<Uint8Array>);
  return source;
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The file is larger than the upload limit of ${maxBytes} bytes.`);
}

/** Removes a file that may already be gone (a staged file after link, a failed partial). */
export async function removeFileIfPresent(filePath: string): Promise<void> {
  try {
    await unlink(filePath);
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

/**
 * Streams `source` into `{stagingDir}/{uuid}`, hashing as it goes. The limit is enforced while
 * streaming: the first byte past `maxBytes` aborts with 413 and the partial file is removed,
 * so an oversized upload is never read to its end nor left on disk.
 */
export async function streamToStaging({
  stagingDir,
  source,
  maxBytes,
}: {
  stagingDir: string;
  source: ByteSource;
  maxBytes: number;
}): Promise<StagedFile> {
  await mkdir(stagingDir, { recursive: true });
  const stagedPath = path.join(stagingDir, randomUUID());
  const hash = createHash("sha256");
  let sizeBytes = 0;

  async function* meter(chunks: AsyncIterable<Uint8Array>) {
    for await (const chunk of chunks) {
      sizeBytes += chunk.byteLength;
      if (sizeBytes > maxBytes) throw tooLarge(maxBytes);
      hash.update(chunk);
      yield chunk;
    }
  }

  try {
    await pipeline(toAsyncIterable(source), meter, createWriteStream(stagedPath, { flags: "wx" }));
  } catch (error) {
    await removeFileIfPresent(stagedPath);
    throw error;
  }
  return { path: stagedPath, sizeBytes, sha256: hash.digest("hex") };
}

/** Stages bytes already in memory (an agent's output), with the same limit and hash. */
export async function writeToStaging({
  stagingDir,
  bytes,
  maxBytes,
}: {
  stagingDir: string;
  bytes: Uint8Array;
  maxBytes: number;
}): Promise<StagedFile> {
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  await mkdir(stagingDir, { recursive: true });
  const stagedPath = path.join(stagingDir, randomUUID());
  try {
    await writeFile(stagedPath, bytes, { flag: "wx" });
  } catch (error) {
    await removeFileIfPresent(stagedPath);
    throw error;
  }
  return { path: stagedPath, sizeBytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex") };
}
