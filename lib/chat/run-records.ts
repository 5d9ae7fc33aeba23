import { randomUUID } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { databaseKind, getDb, type Tx } from "@/lib/db/client";
import { instanceId } from "@/lib/runs/instance-id";
import { databaseNowSql, failExpiredRuns, leaseExpirySql } from "@/lib/runs/run-lease";
import type { ChatMessage } from "./chat-message";
import { replaceNul } from "@/lib/text/replace-nul";

// The run record and its events (api.md: runs and run events).

export type FinishedRunStatus = "completed" | "stopped" | "failed";

/**
 * The run admission records and, when the turn brings one, the user message it answers: one
 * statement (the message goes in a data-modifying WITH), since every statement before the
 * model call delays the run's first byte. On a thread the caller has locked and owns; the
 * message's id was just generated. Its text is stored NUL-free (lib/text/replace-nul.ts).
 */
export async function createRun(
  tx: Tx,
  { threadId, userId, modelId, message }: { threadId: string; userId: string; modelId: string; message?: ChatMessage },
): Promise<string> {
  const runId = randomUUID();
  const withMessage = message ? Prisma.sql`WITH anchor AS (${insertMessageSql(threadId, message)})` : Prisma.empty;
  await tx.$executeRaw`
    ${withMessage}
    INSERT INTO "run" (id, "threadId", "userId", "modelId", "instanceId", "leaseExpiresAt", "createdAt")
    VALUES (${runId}, ${threadId}, ${userId}, ${modelId}, ${instanceId()}, ${leaseExpirySql()}, ${databaseNowSql})`;
  return runId;
}

function insertMessageSql(threadId: string, message: ChatMessage): Prisma.Sql {
  const { createdAt: _ignored, ...metadata } = replaceNul(message.metadata ?? {});
  return Prisma.sql`
    INSERT INTO "message" (id, "threadId", role, parts, metadata, "createdAt")
    VALUES (${message.id}, ${threadId}, ${message.role}, ${JSON.stringify(replaceNul(message.parts))}::jsonb,
      ${JSON.stringify(metadata)}::jsonb, ${databaseNowSql})`;
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
