import type { UIMessageChunk } from "ai";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { failExpiredRuns } from "../lease/run-lease";
import { onRunSignal } from "../lease/run-signals";

// GET /api/threads/{id}/runs/{runId}/stream (docs/architecture.md § "The path of a run", step 8):
// the run's persisted stream from its first batch, then each new batch as it lands, until the final
// one. Batches are awaited by `stream` signals with a poll as the fallback. After the final batch
// the stream stays open until the run is recorded (its answer saved, the run closed), as the
// requester's own stream does, so a follower that sends its next message the moment the answer ends
// never meets a 409. A run that ended without a final batch (its instance died, or it predates
// recording) is closed once it has been over for FINAL_GRACE_MS, with its error when it failed, so
// a follower never hangs.

const POLL_MS = 1_000;
const ENDED_POLL_MS = 100;
const FINAL_GRACE_MS = 2_000;
const BATCHES_PER_READ = 50;

export async function followRunStream({
  userId,
  threadId,
  runId,
}: {
  userId: string;
  threadId: string;
  runId: string;
}): Promise<ReadableStream<UIMessageChunk>> {
  const db = await getDb();
  if (!(await db.run.findFirst({ where: { id: runId, threadId, userId }, select: { id: true } }))) throw notFound();

  let cursor = -1;
  let finalSeen = false;
  let cancelled = false;
  // A signal that arrives while the database is being read is kept for the next pause, so
  // that pause ends at once instead of waiting out the poll.
  let signalled = false;
  let wake: () => void = () => {};
  const stopListening = onRunSignal("stream", runId, () => {
    signalled = true;
    wake();
  });
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signalled) {
        signalled = false;
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        signalled = false;
        wake = () => {};
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });

  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      const close = () => {
        stopListening();
        controller.close();
      };
      while (!cancelled) {
        if (finalSeen) {
          await failExpiredRuns(db, { threadId, userId });
          const run = await db.run.findFirstOrThrow({ where: { id: runId, userId }, select: { status: true } });
          if (run.status !== "running") return close();
          await pause(ENDED_POLL_MS);
          continue;
        }
        const batches = await db.runStreamBatch.findMany({
          where: { runId, run: { userId }, seq: { gt: cursor } },
          orderBy: { seq: "asc" },
          take: BATCHES_PER_READ,
        });
        if (batches.length > 0) {
          for (const batch of batches)
            for (const chunk of batch.chunks as unknown as UIMessageChunk[]) controller.enqueue(chunk);
          const last = batches.at(-1)!;
          cursor = last.seq;
          finalSeen = last.final;
          return;
        }
        await failExpiredRuns(db, { threadId, userId });
        const run = await db.run.findFirstOrThrow({
          where: { id: runId, userId },
          select: { status: true, error: true, finishedAt: true },
        });
        if (run.status !== "running") {
          const overFor = Date.now() - (run.finishedAt?.getTime() ?? 0);
          if (overFor >= FINAL_GRACE_MS) {
            if (run.status === "failed" && run.error) controller.enqueue({ type: "error", errorText: run.error });
            close();
            return;
          }
        }
        await pause(run.status === "running" ? POLL_MS : ENDED_POLL_MS);
      }
    },
    cancel() {
      cancelled = true;
      stopListening();
      wake();
    },
  });
}
