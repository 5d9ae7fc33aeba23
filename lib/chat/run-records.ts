import type { Prisma } from "@/lib/generated/prisma/client";
import { databaseKind, getDb, type Tx } from "@/lib/db/client";
import { instanceId } from "@/lib/runs/instance-id";
import { failExpiredAndFindLiveRun, failExpiredRuns, initialLeaseExpiry } from "@/lib/runs/run-lease";
import { replaceNul } from "@/lib/text/replace-nul";

// The run record and its events (api.md: runs and run events).

export type FinishedRunStatus = "completed" | "stopped" | "failed";

/** A run whose instance died is failed first, so it never leaves the thread answering 409. */
export async function hasActiveRun(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<boolean> {
  return failExpiredAndFindLiveRun(tx, { threadId, userId });
}

export async function createRun(
  tx: Tx,
  { threadId, userId, modelId }: { threadId: string; userId: string; modelId: string },
): Promise<string> {
  const run = await tx.run.create({
    data: { threadId, userId, modelId, instanceId: instanceId(), leaseExpiresAt: initialLeaseExpiry() },
  });
  return run.id;
}

export async function finishRun(
  { runId, userId }: { runId: string; userId: string },
  status: FinishedRunStatus,
  error: string | null = null,
): Promise<void> {
  const db = await getDb();
  await db.run.updateMany({
    where: { id: runId, userId, status: "running" },
    data: { status, error: replaceNul(error), finishedAt: new Date() },
  });
}

export async function recordRunEvent(runId: string, type: string, payload: Prisma.InputJsonValue): Promise<void> {
  const db = await getDb();
  await db.runEvent.create({ data: { runId, type, payload: replaceNul(payload) } });
}

/**
 * At start: runs no live server can finish. The embedded database serves one process, so every
 * run still "running" was this data directory's last server's; with PostgreSQL other
 * instances may be streaming theirs, so only runs whose lease expired are failed.
 */
export async function failInterruptedRuns(): Promise<number> {
  const db = await getDb();
  if ((await databaseKind()) === "postgres") return failExpiredRuns(db, null);
  const { count } = await db.run.updateMany({
    where: { status: "running" },
    data: { status: "failed", error: "The server restarted during this run.", finishedAt: new Date() },
  });
  return count;
}
