import { Prisma } from "@/lib/generated/prisma/client";
import { databaseKind, getDb } from "@/lib/db/client";
import { instanceId } from "./instance-id";
import { databaseNowSql, failExpiredRuns, leaseExpirySql } from "./run-lease";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { replaceNul } from "@/lib/text/replace-nul";

// The run record and its events (the runs routes: docs/architecture.md § "HTTP surface").

export type FinishedRunStatus = "completed" | "stopped" | "failed";

export interface NewRun {
  runId: string;
  threadId: string;
  userId: string;
  modelId: string;
  /** The user message the run answers, when the turn brings a new one. */
  message?: ThreadMessage;
}

/**
 * The run admission records and, when the turn brings one, the user message it answers, as
 * WITH entries of admission's one statement (record-admission.ts), written only where
 * `admitted` (an SQL condition) holds: every statement before the model call delays the run's
 * first byte. On a thread the caller has locked and owns; the ids were just generated. The
 * message's text is stored NUL-free (lib/text/replace-nul.ts).
 */
export function recordRunSql({ runId, threadId, userId, modelId, message }: NewRun, admitted: Prisma.Sql): Prisma.Sql {
  const run = Prisma.sql`created AS (
      INSERT INTO "run" (id, "threadId", "userId", "modelId", "instanceId", "leaseExpiresAt", "createdAt")
      SELECT ${runId}, ${threadId}, ${userId}, ${modelId}, ${instanceId()}, ${leaseExpirySql()}, ${databaseNowSql}
      WHERE ${admitted}
    )`;
  if (!message) return run;
  const { createdAt: _ignored, ...metadata } = replaceNul(message.metadata ?? {});
  return Prisma.sql`${run},
    anchor AS (
      INSERT INTO "message" (id, "threadId", role, parts, metadata, "createdAt")
      SELECT ${message.id}, ${threadId}, ${message.role}, ${JSON.stringify(replaceNul(message.parts))}::jsonb,
        ${JSON.stringify(metadata)}::jsonb, ${databaseNowSql}
      WHERE ${admitted}
    )`;
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
