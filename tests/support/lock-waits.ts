import { expect } from "vitest";
import { databaseKind, getDb } from "@/lib/db/client";

/**
 * On PostgreSQL, resolves once a statement in this test's database waits on a lock: the
 * second operation of a forced ordering has reached the row the first holds. A condition
 * polled, not a sleep. Embedded PGlite runs one transaction at a time, so there the second
 * cannot read anything before the first commits and nothing is waited for.
 */
export async function secondWaitsOnLock(): Promise<void> {
  if ((await databaseKind()) !== "postgres") return;
  const db = await getDb();
  await expect
    .poll(
      async () =>
        (
          await db.$queryRaw<{ waiting: number }[]>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`
        )[0]!.waiting,
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
}
