import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import type { Db, Tx } from "@/lib/db/client";

// A run's lease (docs/architecture.md § "The path of a run", step 8): the instance streaming a run
// renews it every sixth of RUN_LEASE_SECONDS; a running run past its lease belongs to an instance
// that died. Renewal and expiry read the database's clock, so instances with skewed clocks agree.

/** The database's now as UTC wall-clock time, the form Prisma stores DateTime columns in. */
export const databaseNowSql = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export const EXPIRED_RUN_ERROR = "The server streaming this reply stopped responding.";

export function leaseRenewalMs(): number {
  return Math.max(250, Math.floor((config().runLeaseSeconds * 1000) / 6));
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

type Owned = { threadId: string; userId: string };

/** The UPDATE that fails running runs past their lease (or predating leases), in `scope` or everywhere. */
function failExpiredSql(scope: Owned | null): Prisma.Sql {
  const where = scope ? Prisma.sql`AND "threadId" = ${scope.threadId} AND "userId" = ${scope.userId}` : Prisma.empty;
  return Prisma.sql`
    UPDATE "run" SET status = 'failed', error = ${EXPIRED_RUN_ERROR}, "finishedAt" = ${databaseNowSql}
    WHERE status = 'running' AND ("leaseExpiresAt" IS NULL OR "leaseExpiresAt" < ${databaseNowSql}) ${where}`;
}

/**
 * Fails running runs whose lease has expired (or that predate leases): one thread's, when a
 * request touches it, or everyone's at start-up. Returns how many.
 */
export async function failExpiredRuns(db: Db | Tx, scope: Owned | null): Promise<number> {
  return db.$executeRaw(failExpiredSql(scope));
}

/**
 * Admission's check, as two pieces of one statement (lib/runs/admission/record-admission.ts): a WITH
 * entry named `expired` that fails the thread's expired runs (failExpiredRuns' UPDATE), and
 * whether a live run remains. The statement's SELECT sees the rows as before the UPDATE, so
 * the runs just failed are left out by id.
 */
export function expiredRunsCteSql(scope: Owned): Prisma.Sql {
  return Prisma.sql`expired AS (${failExpiredSql(scope)} RETURNING id)`;
}

/** Whether the thread has a running run left; in a statement whose WITH has `expiredRunsCteSql`. */
export function liveRunExistsSql({ threadId, userId }: Owned): Prisma.Sql {
  return Prisma.sql`EXISTS (
      SELECT 1 FROM "run" WHERE status = 'running' AND "threadId" = ${threadId} AND "userId" = ${userId}
        AND id NOT IN (SELECT id FROM expired)
    )`;
}
