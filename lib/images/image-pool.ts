import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { config } from "@/lib/config/env";

// Image preparation runs in worker threads, as document conversion does
// (lib/conversion/conversion-pool.ts), never on the thread that answers requests: decoding
// a 12-megapixel JPEG takes a few hundred milliseconds of CPU. A pool of its own, so a
// picture pasted into a chat never waits behind a 1,000-page PDF; at most two at a time
// (one on a 2-core machine), the rest queue. Each task has the conversion time limit.

export type PreparedImageResult =
  | { kind: "prepared"; width: number; height: number; prepared: Buffer; thumb: Buffer; mediaType: string }
  | { kind: "refused"; reason: "corrupt" | "mismatch" | "too_large" | "timeout" };

/** The longest side an image is sent to a model with (docs/operations.md § "Images"). */
export const PREPARED_MAX_SIDE = 2048;
/**
 * The longest side of the composer's and the message's thumbnails (docs/operations.md § "Images").
 */
export const THUMB_MAX_SIDE = 256;
/**
 * More pixels than any camera or screenshot: 100 megapixels decode to 400 MB. A header
 * claiming more is a decompression bomb and is refused before a pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

const WORKER_FILE = path.join(process.cwd(), "lib", "images", "prepare-image-worker.mjs");

const holder = globalThis as typeof globalThis & { __imagePool?: Piscina };

function pool(): Piscina {
  holder.__imagePool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return holder.__imagePool;
}

type WorkerAnswer =
  | { refused: "corrupt" | "mismatch" | "too_large" }
  | { width: number; height: number; prepared: Uint8Array; thumb: Uint8Array; mediaType: string };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Checks and prepares an image's bytes in a worker; never throws the library's error. */
export async function prepareInWorker({
  bytes,
  claimed,
}: {
  bytes: Buffer;
  claimed: string;
}): Promise<PreparedImageResult> {
  const signal = AbortSignal.timeout(config().conversionTimeoutSeconds * 1000);
  try {
    const answer = (await pool().run(
      {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        claimed,
        maxSide: PREPARED_MAX_SIDE,
        thumbSide: THUMB_MAX_SIDE,
        maxPixels: MAX_INPUT_PIXELS,
      },
      { signal },
    )) as WorkerAnswer;
    if ("refused" in answer) return { kind: "refused", reason: answer.refused };
    return {
      kind: "prepared",
      width: answer.width,
      height: answer.height,
      prepared: asBuffer(answer.prepared),
      thumb: asBuffer(answer.thumb),
      mediaType: answer.mediaType,
    };
  } catch (error) {
    if (signal.aborted) return { kind: "refused", reason: "timeout" };
    console.warn(`[images] could not prepare an image (${error instanceof Error ? error.name : "unknown error"})`);
    return { kind: "refused", reason: "corrupt" };
  }
}
