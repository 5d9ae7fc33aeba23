import type { UIMessageChunk } from "ai";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/db/client";
import { afterPendingWrites } from "./after-pending-writes";
import { mergeStreamDeltas } from "./merge-stream-deltas";
import { sendRunSignal } from "../lease/run-signals";

// The run's stream, kept so any instance can replay and follow it (GET …/runs/{runId}/stream).
// The stream is split in two: the caller's half goes straight to the requester, untouched
// and unbuffered; the other half is written in batches about every BATCH_MS (never per token),
// each followed by a `stream` signal that wakes the followers. The last batch is marked
// final. The written half is read to the end whatever the caller's half does, so a run whose
// requester went away is still recorded whole.

const BATCH_MS = 100;
const FINAL_ATTEMPTS = 3;
const RETRY_MAX_MS = 2_000;

export function persistRunStream(
  runId: string,
  stream: ReadableStream<UIMessageChunk>,
): ReadableStream<UIMessageChunk> {
  const [forCaller, forStore] = oneChunkPerTick(stream).tee();
  void writeBatches(runId, forStore).catch((error) =>
    console.error(`[runs] the stream of run ${runId} could not be recorded`, error),
  );
  return forCaller;
}

/**
 * The source handed on one chunk per tick of the process, so neither half runs through a burst
 * of chunks (a model often sends several at once) in one go: Node corks a response's socket on
 * each write and uncorks it on the next tick, so while a burst went through both halves in one
 * run of promise callbacks, the caller's first words sat in the socket until the whole burst had
 * been handled (a few milliseconds in `npm run bench -- first-byte`). A tick, not a turn of the
 * event loop: nothing else gets in between, only the pending writes go out.
 */
function oneChunkPerTick(source: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk> {
  const reader = source.getReader();
  return new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        await new Promise((resolve) => process.nextTick(resolve));
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

async function writeBatches(runId: string, stream: ReadableStream<UIMessageChunk>): Promise<void> {
  const db = await getDb();
  const pending: UIMessageChunk[] = [];
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();

  // Batches are written one after another, in order; a failed write keeps its chunks for the
  // next one, so a follower never sees a gap.
  const write = async (final: boolean): Promise<boolean> => {
    const chunks = pending.splice(0);
    if (chunks.length === 0 && !final) return true;
    try {
      await db.runStreamBatch.create({
        data: { runId, seq, final, chunks: mergeStreamDeltas(chunks) as unknown as Prisma.InputJsonValue },
      });
      seq++;
    } catch (error) {
      pending.unshift(...chunks);
      console.warn(`[runs] writing a stream batch of run ${runId} failed; retrying with the next batch`, error);
      return false;
    }
    await sendRunSignal("stream", runId);
    return true;
  };

  let ended = false;
  let failures = 0;
  const schedule = (delayMs = BATCH_MS) => {
    if (ended) return;
    timer ??= setTimeout(() => {
      timer = undefined;
      writing = writing.then(async () => {
        if (await write(false)) {
          failures = 0;
          return;
        }
        // Tried again even when the stream stays quiet (a model thinking, or held), else
        // followers would miss the tail until the next chunk; backing off while it fails.
        failures++;
        schedule(Math.min(BATCH_MS * 2 ** failures, RETRY_MAX_MS));
      });
    }, delayMs);
  };

  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending.push(value);
    schedule();
  }
  ended = true;
  clearTimeout(timer);
  await afterPendingWrites();
  await writing;
  for (let attempt = 1; attempt <= FINAL_ATTEMPTS; attempt++) {
    if (await write(true)) return;
    await new Promise((resolve) => setTimeout(resolve, attempt * 200));
  }
}
