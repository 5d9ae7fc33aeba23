import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { expiredRunsCteSql, liveRunExistsSql } from "@/lib/runs/run-lease";
import { admitProjectContext, projectContextSql } from "./admit-run";
import type { LockedThread } from "./lock-thread-for-run";
import { parseRunHistory, runHistorySql, type RunHistory } from "./load-run-history";
import type { PinnedProjectContext } from "./pinned-context";

// Admission's second statement, right after the thread's lock (lock-thread-for-run.ts): the
// check for a live run (failing the thread's expired ones first, so a dead instance never
// leaves it answering 409), the project context the run pins and the history it answers, in
// one round trip instead of three: every statement of admission delays the run's first byte.
// Not folded into the lock's statement: a statement that waited for the lock would still read
// the other tables as of before the run that held the lock was committed, and admit a second
// run. A statement of its own, after the lock, sees that run.

export interface RunInputs {
  /** A run of this thread is still running: the caller refuses the new one (409). */
  live: boolean;
  /** The thread's project as the lock read it, pinned for the whole run; null outside a project. */
  pinned: PinnedProjectContext | null;
  history: RunHistory;
}

export async function readRunInputs(
  tx: Tx,
  { threadId, userId, locked }: { threadId: string; userId: string; locked: LockedThread },
): Promise<RunInputs> {
  const owned = { threadId, userId };
  const project = locked.projectId
    ? Prisma.sql`(${projectContextSql({ projectId: locked.projectId, userId })})`
    : Prisma.sql`NULL::text`;
  const [row] = await tx.$queryRaw<{ live: boolean; project: string | null; history: string }[]>`
    WITH ${expiredRunsCteSql(owned)}
    SELECT ${liveRunExistsSql(owned)} AS live,
           ${project} AS project,
           (${runHistorySql(owned, locked.summary?.throughMessageId ?? null)}) AS history`;
  return {
    live: row!.live === true,
    pinned: admitProjectContext(threadId, row!.project),
    history: parseRunHistory(row!.history, locked.summary),
  };
}
