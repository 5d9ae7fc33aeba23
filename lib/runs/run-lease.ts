import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import type { Db, Tx } from "@/lib/db/client";

// A run's lease (design: "Many instances"): the instance streaming a run renews it every
// sixth of RUN_LEASE_SECONDS; a running run past its lease belongs to an instance that died.
// Renewal and expiry read the database's clock, so instances with skewed clocks agree.

/** The database's now as UTC wall-clock time, the form Prisma stores DateTime columns in. */
export const databaseNowSql = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export const EXPIRED_RUN_ERROR = "The server streaming this reply stopped responding.";

export function leaseRenewalMs(): number {
  return Math.max(250, Math.floor((config().runLeaseSeconds * 1000) / 6));
}

/** The first lease, for a run row written from the app's clock (tests set leases up this way). */
export function initialLeaseExpiry(): Date {
  return new Date(Date.now() + config().runLeaseSeconds * 1000);
}

/**
 * A lease from now, as SQL on the database's clock: the first one, written with the run row
 * inside admission's transaction, and every renewal.
 */
export function leaseExpirySql(): Prisma.Sql {
  return Prisma.sql`${databaseNowSql} + make_interval(secs => ${config().runLeaseSeconds}::double precision)`;
}

/** Extends the leases of this instance's runs that are still running; returns how many. */
export async function renewLeases(
  db: Db,
  { runIds, instanceId }: { runIds: string[]; instanceId: string },
): Promise<number> {
  if (runIds.length === 0) return 0;
  return db.$executeRaw`
    UPDATE "run" SET "leaseExpiresAt" = ${leaseExpirySql()}
    WHERE id IN (${Prisma.join(runIds)}) AND "instanceId" = ${instanceId} AND status = 'running'`;
}

/**
 * Fails running runs whose lease has expired (or that predate leases): one thread's, when a
 * request touches it, or everyone's at start-up. Returns how many.
 */
export async function failExpiredRuns(
  db: Db | Tx,
  scope: { threadId: string; userId: string } | null,
): Promise<number> {
  const where = scope ? Prisma.sql`AND "threadId" = ${scope.threadId} AND "userId" = ${scope.userId}` : Prisma.empty;
  return db.$executeRaw`
    UPDATE "run" SET status = 'failed', error = ${EXPIRED_RUN_ERROR}, "finishedAt" = ${databaseNowSql}
    WHERE status = 'running' AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${databaseNowSql}) ${where}`;
}

/**
 * Whether the thread has a live run, after failing its expired ones: the same UPDATE as
 * failExpiredRuns and the count in one statement (admission's check, on the critical path of
 * every run's first byte). The outer SELECT sees the rows as before the UPDATE, so the runs it
 * just failed are left out by id.
 */
export async function failExpiredAndFindLiveRun(
  tx: Tx,
  { threadId, userId }: { threadId: string; userId: string },
): Promise<boolean> {
  const rows = await tx.$queryRaw<{ live: boolean }[]>`
    WITH expired AS (
      UPDATE "run" SET status = 'failed', error = ${EXPIRED_RUN_ERROR}, "finishedAt" = ${databaseNowSql}
      WHERE status = 'running' AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${databaseNowSql})
        AND "threadId" = ${threadId} AND "userId" = ${userId}
      RETURNING id
    )
    SELECT EXISTS (
      SELECT 1 FROM "run" WHERE status = 'running' AND "threadId" = ${threadId} AND "userId" = ${userId}
        AND id NOT IN (SELECT id FROM expired)
    ) AS live`;
  return rows[0]?.live === true;
}
