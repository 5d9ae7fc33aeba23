import { getDb } from "@/lib/db/client";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { finishRun, type FinishedRunStatus } from "./lease/run-records";
import { saveMessage } from "@/lib/thread-messages/thread-history";

// The end of a run, whatever happened during it: the answer so far is saved and the run
// record closed. If saving fails, the run is still closed, as failed, so the thread accepts
// the next run (issue #12: one bad write used to leave a run "running" until restart).

export const ANSWER_NOT_SAVED = "The answer could not be saved.";

export async function settleRun({
  runId,
  userId,
  threadId,
  message,
  status,
  error,
}: {
  runId: string;
  userId: string;
  threadId: string;
  /** null when the run produced nothing worth keeping. */
  message: ThreadMessage | null;
  status: FinishedRunStatus;
  error: string | null;
}): Promise<FinishedRunStatus> {
  let outcome = { status, error };
  if (message) {
    try {
      await saveMessage(await getDb(), { threadId, userId }, message);
    } catch (saveError) {
      console.error(`[run] run ${runId}: saving the answer failed`, saveError);
      outcome = { status: "failed", error: ANSWER_NOT_SAVED };
    }
  }
  await closeRun({ runId, userId }, outcome.status, outcome.error);
  return outcome.status;
}

/** finishRun, tried twice: a closed run is what lets the thread take its next message. */
export async function closeRun(
  run: { runId: string; userId: string },
  status: FinishedRunStatus,
  error: string | null,
): Promise<void> {
  try {
    await finishRun(run, status, error);
  } catch (first) {
    console.error(`[run] run ${run.runId}: closing it failed; trying once more`, first);
    await finishRun(run, status, error);
  }
}
