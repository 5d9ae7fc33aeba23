import type { Prisma } from "@/lib/generated/prisma/client";
import { getDb, type Tx } from "@/lib/db/client";

// The run record and its events (api.md: runs and run events).

export type FinishedRunStatus = "completed" | "stopped" | "failed";

export async function hasActiveRun(tx: Tx, { threadId, userId }: { threadId: string; userId: string }): Promise<boolean> {
  return (await tx.run.count({ where: { threadId, userId, status: "running" } })) > 0;
}

export async function createRun(tx: Tx, { threadId, userId }: { threadId: string; userId: string }): Promise<string> {
  const run = await tx.run.create({ data: { threadId, userId } });
  return run.id;
}

export async function finishRun({ runId, userId }: { runId: string; userId: string }, status: FinishedRunStatus, error: string | null = null): Promise<void> {
  const db = await getDb();
  await db.run.updateMany({ where: { id: runId, userId, status: "running" }, data: { status, error, finishedAt: new Date() } });
}

export async function recordRunEvent(runId: string, type: string, payload: Prisma.InputJsonValue): Promise<void> {
  const db = await getDb();
  await db.runEvent.create({ data: { runId, type, payload } });
}

/** Runs left "running" by a server that stopped mid-run can never finish: close them at start. */
export async function failInterruptedRuns(): Promise<number> {
  const db = await getDb();
  const { count } = await db.run.updateMany({
    where: { status: "running" },
    data: { status: "failed", error: "The server restarted during this run.", finishedAt: new Date() },
  });
  return count;
}
