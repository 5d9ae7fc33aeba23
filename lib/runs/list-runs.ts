import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { failExpiredRuns } from "@/lib/runs/lease/run-lease";
import { toRunDto } from "./run-dto";
import { getThreadOrThrow } from "@/lib/threads/get-thread";

export async function listRuns({ userId, threadId }: { userId: string; threadId: string }) {
  const db = await getDb();
  await getThreadOrThrow({ threadId, userId });
  await failExpiredRuns(db, { threadId, userId });
  const runs = await db.run.findMany({ where: { threadId, userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return runs.map(toRunDto);
}

export async function listRunEvents({ userId, threadId, runId }: { userId: string; threadId: string; runId: string }) {
  const db = await getDb();
  const run = await db.run.findFirst({ where: { id: runId, threadId, userId }, select: { id: true } });
  if (!run) throw notFound();
  const events = await db.runEvent.findMany({ where: { runId, run: { userId } }, orderBy: { createdAt: "asc" } });
  return events.map((event) => ({
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    payload: event.payload,
  }));
}
