import { getDb } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { failExpiredRuns } from "./lease/run-lease";
import { toRunDto, type RunDto } from "./run-dto";
import { onRunSignal, sendRunSignal } from "./lease/run-signals";

// Stop a run from any instance (docs/operations.md § "Several instances on one PostgreSQL"): record
// the request on the run row and signal it; the instance streaming the run aborts the model call
// and saves the partial answer. The answer waits for that, so a caller that reads the thread next
// sees the run stopped and its partial answer saved; past END_WAIT_MS (an owner that stopped
// responding) it answers with the run still running, and the lease ends it.

const END_WAIT_MS = 5_000;
const END_POLL_MS = 100;

export async function cancelRun({
  userId,
  runId,
  threadId,
}: {
  userId: string;
  runId: string;
  threadId?: string;
}): Promise<RunDto> {
  const db = await getDb();
  const run = await db.run.findFirst({
    where: { id: runId, userId, ...(threadId ? { threadId } : {}) },
    select: { threadId: true },
  });
  if (!run) throw notFound();
  await failExpiredRuns(db, { threadId: run.threadId, userId });
  const { count } = await db.run.updateMany({
    where: { id: runId, userId, status: "running" },
    data: { cancelRequestedAt: new Date() },
  });
  if (count === 0) throw new AppError("conflict", "This reply has already ended.");
  await sendRunSignal("cancel", runId);
  return toRunDto(await waitForEnd(runId, userId));
}

async function waitForEnd(runId: string, userId: string) {
  const db = await getDb();
  const deadline = Date.now() + END_WAIT_MS;
  let wake: () => void = () => {};
  // The owner's last stream batch follows the run's end: a wake-up, not a guarantee.
  const stop = onRunSignal("stream", runId, () => wake());
  try {
    for (;;) {
      const run = await db.run.findFirstOrThrow({ where: { id: runId, userId } });
      if (run.status !== "running" || Date.now() >= deadline) return run;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, END_POLL_MS);
      });
    }
  } finally {
    stop();
  }
}
