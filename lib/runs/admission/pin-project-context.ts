import { config } from "@/lib/config/env";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { parseShelfSnapshot, shelfSnapshotSql, type ShelfSnapshotJson } from "@/lib/documents/shelf-snapshot";
import { memorySnapshotSql, parseMemorySnapshot, type MemorySnapshotJson } from "@/lib/notes/memory-snapshot-sql";
import type { ChatScope } from "@/lib/threads/thread-scope";
import { buildPinnedContext, type AdmittedProject, type PinnedProjectContext } from "@/lib/context/pinned-context";

// Pinning (docs/architecture.md § "The path of a run", step 3): resolve the thread's project once,
// server-side, and pin it for the whole run. Nothing from the request can reach this function's
// inputs: the project id comes from the user's own thread row, as admission's lock read it.

/**
 * The project with its memory and shelf snapshots as SQL giving one JSON text (the snapshots
 * objects inside it, so one JSON.parse reads them all), or NULL when the project is not the
 * user's: a subquery, so admission reads it in its one statement with everything else
 * (record-admission.ts). The memory and shelf subqueries are scoped by the same project and
 * user as the project row. `pinnedAt` is the database's clock (UTC), the one approvals are
 * stamped with.
 */
export function projectContextSql({
  projectId,
  userId,
  scope,
}: {
  projectId: string;
  userId: string;
  scope: ChatScope | null;
}): Prisma.Sql {
  const { indexMaxEntries, memoryMaxBytes } = config();
  return Prisma.sql`
    SELECT json_build_object('id', id, 'name', name, 'instructions', instructions, 'status', status::text,
             'pinnedAt', ${isoTimeSql(Prisma.sql`timezone('UTC', now())`)},
             'memory', (${memorySnapshotSql({ projectId, userId, maxBytes: memoryMaxBytes })}),
             'shelf', (${shelfSnapshotSql({ projectId, userId, maxEntries: indexMaxEntries, scope })}))::text
    FROM "project"
    WHERE id = ${projectId} AND "userId" = ${userId}`;
}

/** The pinned context from the text `projectContextSql` gives. */
export function toAdmittedProject(text: string, scope: ChatScope | null): AdmittedProject {
  const { indexMaxEntries, indexMaxBytes, memoryMaxBytes } = config();
  const { shelf, memory, pinnedAt, status, ...project } = JSON.parse(text) as {
    id: string;
    name: string;
    instructions: string;
    status: string;
    pinnedAt: string;
    memory: MemorySnapshotJson;
    shelf: ShelfSnapshotJson;
  };
  const archived = status === "archived";
  return {
    pinned: buildPinnedContext({
      project,
      shelf: parseShelfSnapshot(shelf),
      memory: parseMemorySnapshot(memory),
      limits: { indexMaxEntries, indexMaxBytes, memoryMaxBytes },
      archived,
      pinnedAt: new Date(pinnedAt),
      scope,
    }),
    archived,
  };
}

/** The context any thread of this project would pin now; null when the project is not the user's. */
export async function pinProjectContext(
  tx: Tx,
  { projectId, userId, scope }: { projectId: string; userId: string; scope: ChatScope | null },
): Promise<AdmittedProject | null> {
  const [row] = await tx.$queryRaw<{ project: string | null }[]>`
    SELECT (${projectContextSql({ projectId, userId, scope })}) AS project`;
  return row?.project ? toAdmittedProject(row.project, scope) : null;
}

/**
 * The run's pin, from the project text admission read right after it locked the thread, for
 * the project id that lock read: the project the thread is in at admission. Null outside a
 * project.
 */
export function admitProjectContext(
  threadId: string,
  project: string | null,
  scope: ChatScope | null,
): PinnedProjectContext | null {
  if (project === null) return null;
  try {
    return toAdmittedProject(project, scope).pinned;
  } catch (error) {
    // An organisational fault, not an authorisation one: run without project context.
    console.warn(`[run] project context for thread ${threadId} could not be resolved; running unassigned`, error);
    return null;
  }
}
