import os from "node:os";
import path from "node:path";
import { Piscina } from "piscina";
import { config } from "@/lib/config/env";

// Conversion runs in worker threads, never on the thread that answers requests: a
// 1,000-page PDF takes seconds of CPU. At most two at a time (one on a 2-core machine), so
// conversions never take every core; the rest queue. Each task has a time limit
// (CONVERSION_TIMEOUT_SECONDS) and each thread a heap limit (CONVERSION_MEMORY_MB): a task
// past either is ended by terminating its thread, and the pool starts a fresh one.

export type ConversionResult =
  { kind: "converted"; markdown: string } | { kind: "failed"; reason: "timeout" | "memory" | "error" };

const WORKER_FILE = path.join(process.cwd(), "lib", "conversion", "convert-worker.mjs");

// Kept on globalThis so dev-server hot reloads do not leak pools.
const holder = globalThis as typeof globalThis & { __conversionPool?: Piscina; __conversionsInFlight?: number };

function pool(): Piscina {
  holder.__conversionPool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    // A thread keeps markitdown-ts loaded for the next document for a minute, then goes.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: config().conversionMemoryMb },
  });
  return holder.__conversionPool;
}

function isOutOfMemory(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ERR_WORKER_OUT_OF_MEMORY"
  );
}

/**
 * Converts in a worker. Never throws the library's error (its message can quote the file);
 * only the kind of failure comes back, and only the error's class name is logged.
 */
export async function convertInWorker({
  bytes,
  extension,
}: {
  bytes: Buffer;
  extension: string;
}): Promise<ConversionResult> {
  const timeoutMs = config().conversionTimeoutSeconds * 1000;
  const signal = AbortSignal.timeout(timeoutMs);
  holder.__conversionsInFlight = (holder.__conversionsInFlight ?? 0) + 1;
  try {
    const markdown = (await pool().run(
      { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), extension },
      { signal },
    )) as string | null;
    return markdown === null ? { kind: "failed", reason: "error" } : { kind: "converted", markdown };
  } catch (error) {
    if (signal.aborted) {
      console.warn(`[conversion] a ${extension} file took longer than ${timeoutMs / 1000} s; its worker was replaced`);
      return { kind: "failed", reason: "timeout" };
    }
    if (isOutOfMemory(error)) {
      console.warn(
        `[conversion] a ${extension} file needed more than ${config().conversionMemoryMb} MB; its worker was replaced`,
      );
      return { kind: "failed", reason: "memory" };
    }
    console.warn(
      `[conversion] could not convert a ${extension} file (${error instanceof Error ? error.name : "unknown error"})`,
    );
    return { kind: "failed", reason: "error" };
  } finally {
    holder.__conversionsInFlight! -= 1;
  }
}

/** How many conversions are running or waiting (tests use it to know one is under way). */
export function conversionsInFlight(): number {
  return holder.__conversionsInFlight ?? 0;
}
