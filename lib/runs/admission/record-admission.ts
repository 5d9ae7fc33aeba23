import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { expiredRunsCteSql, liveRunExistsSql } from "@/lib/runs/lease/run-lease";
import { admitProjectContext, projectContextSql } from "./pin-project-context";
import type { LockedThread } from "./lock-thread-for-run";
import { parseRunHistory, runHistorySql, type RunHistory } from "./load-run-history";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { recordRunSql, type NewRun } from "../lease/run-records";

// Admission's second statement, right after the thread's lock (lock-thread-for-run.ts): the
// check for a live run (failing the thread's expired ones first, so a dead instance never
// leaves it answering 409), the new run and its user message written only when there is none,
// and the project context the run pins and the history it answers read, in one round trip
// instead of five: every statement of admission delays the run's first byte. The history is
// as before this statement (its own writes are not visible to its reads), so it never holds
// the new message.
// Not folded into the lock's statement: a statement that waited for the lock would still read
// the other tables as of before the run that held the lock was committed, and admit a second
// run. A statement of its own, after the lock, sees that run.

export interface Admission {
  /** A run of this thread is still running: nothing was written, and the caller refuses the new one (409). */
  live: boolean;
  /** The thread's project as the lock read it, pinned for the whole run; null outside a project. */
  pinned: PinnedProjectContext | null;
  history: RunHistory;
}

export async function recordAdmission(
  tx: Tx,
  { locked, run }: { locked: LockedThread; run: NewRun },
): Promise<Admission> {
  const owned = { threadId: run.threadId, userId: run.userId };
  const project = locked.projectId
    ? Prisma.sql`(${projectContextSql({ projectId: locked.projectId, userId: run.userId, scope: locked.scope })})`
    : Prisma.sql`NULL::text`;
  const [row] = await tx.$queryRaw<{ live: boolean; project: string | null; history: string }[]>`
    WITH ${expiredRunsCteSql(owned)},
      live AS (SELECT ${liveRunExistsSql(owned)} AS live),
      ${recordRunSql(run, Prisma.sql`NOT (SELECT live FROM live)`)}
    SELECT (SELECT live FROM live) AS live,
           ${project} AS project,
           (${runHistorySql(owned, locked.summary?.throughMessageId ?? null)}) AS history`;
  return {
    live: row!.live === true,
    pinned: admitProjectContext(run.threadId, row!.project, locked.scope),
    history: parseRunHistory(row!.history, locked.summary),
  };
}
