import { getDb } from "@/lib/db/client";
import { instanceId } from "./instance-id";
import { abortLocalRunsForShutdown, localRunsEnded } from "./run-registry";

// Graceful shutdown (issue #12: a run interrupted by a shutdown is failed, and its thread
// usable): on SIGTERM/SIGINT the server (scripts/serve.mjs) calls this before it exits. Every
// run this process streams is aborted; each saves its partial answer and closes as failed with
// SHUTDOWN_ERROR through its usual ending (start-run.ts). Whatever has not closed by the
// deadline is failed here directly, so no run of this instance is left "running" for the
// lease (PostgreSQL) or the next start (embedded) to clean up.

export const SHUTDOWN_ERROR = "The server shut down during this run.";

const SETTLE_WAIT_MS = 10_000;

/** Returns how many runs were in flight. */
export async function endRunsAtShutdown(): Promise<number> {
  const inFlight = abortLocalRunsForShutdown();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([localRunsEnded(), new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_WAIT_MS)))]);
  clearTimeout(timer);
  const db = await getDb();
  await db.run.updateMany({
    where: { instanceId: instanceId(), status: "running" },
    data: { status: "failed", error: SHUTDOWN_ERROR, finishedAt: new Date() },
  });
  return inFlight;
}
