import type { ProjectDocument } from "@/lib/generated/prisma/client";
import type { Tx } from "./client";

// Row locks for check-and-set transactions. Lock order everywhere: projects before documents,
// two projects in id order (a fork, merge or transfer holds both), documents in id order.
// Ownership is part of every lock's WHERE clause, so a foreign row is simply not found.

export type ProjectLockScope = "active" | "any";

/** Locks the caller's project row; null when it is missing, foreign, or (scope "active") archived. */
export async function lockOwnedProject(
  tx: Tx,
  { projectId, userId, scope }: { projectId: string; userId: string; scope: ProjectLockScope },
): Promise<{ id: string; name: string; status: "active" | "archived" } | null> {
  const rows = await tx.$queryRaw<{ id: string; name: string; status: "active" | "archived" }[]>`
    SELECT id, name, status::text AS status FROM "project"
    WHERE id = ${projectId} AND "userId" = ${userId}
    FOR UPDATE`;
  const row = rows[0];
  if (!row) return null;
  if (scope === "active" && row.status !== "active") return null;
  return row;
}

/**
 * Locks two of the caller's projects in id order, whichever is named first, so two operations
 * between the same pair in opposite directions (two merges, a move and its reverse) queue
 * instead of each holding one lock and waiting for the other. Each lock is judged by its own
 * scope; the answer keeps the order the projects were asked for.
 */
export async function lockOwnedProjectPair(
  tx: Tx,
  userId: string,
  first: { projectId: string; scope: ProjectLockScope },
  second: { projectId: string; scope: ProjectLockScope },
): Promise<[Awaited<ReturnType<typeof lockOwnedProject>>, Awaited<ReturnType<typeof lockOwnedProject>>]> {
  const ordered = [first, second].sort((a, b) => (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0));
  const locked = new Map<typeof first, Awaited<ReturnType<typeof lockOwnedProject>>>();
  for (const entry of ordered) locked.set(entry, await lockOwnedProject(tx, { ...entry, userId }));
  return [locked.get(first)!, locked.get(second)!];
}

/** Locks the caller's thread row; null when it is missing or foreign. */
export async function lockOwnedThread(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<{ id: string } | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "thread" WHERE id = ${threadId} AND "userId" = ${userId} FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * Locks one of the caller's document rows, live or trashed, and reads it under the lock;
 * null when it is missing or foreign. Callers that need several rows take them in id order.
 */
export async function lockOwnedDocument(
  tx: Tx,
  { documentId, userId }: { documentId: string; userId: string },
): Promise<ProjectDocument | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "project_document" WHERE id = ${documentId} AND "userId" = ${userId} FOR UPDATE`;
  if (rows.length === 0) return null;
  // Read through Prisma once the lock is held, for its typed mapping of BigInt, Json and dates.
  return tx.projectDocument.findFirst({ where: { id: documentId, userId } });
}
