import { Prisma } from "@/lib/generated/prisma/client";
import type { MemorySnapshot } from "@/lib/context/render-memory-block";

/** The snapshot as `memorySnapshotSql` gives it, inside the JSON that carries it: [id, text] pairs. */
export interface MemorySnapshotJson {
  total: number;
  notes: [string, string][];
}

/**
 * The project's memory a run pins, as SQL giving one JSON value: the exact count of approved,
 * untrashed notes and the newest of them (by approval, then id), only as many as could fit in
 * `maxBytes`: a note is read when the notes before it hold fewer bytes than the cap. The
 * rendered block spends at least a note's own bytes on it, so these rows always hold every
 * note the block can show, and a project with 200 notes costs its admission about what one with
 * a handful does. Scoped by project and user, like the shelf; proposed and dismissed notes are
 * never read. A subquery, so admission reads it in its project's statement.
 */
export function memorySnapshotSql({
  projectId,
  userId,
  maxBytes,
}: {
  projectId: string;
  userId: string;
  maxBytes: number;
}): Prisma.Sql {
  return Prisma.sql`
    SELECT json_build_object(
             'total', count(*),
             'notes', coalesce(json_agg(json_build_array(id, text) ORDER BY "approvedAt" DESC, id DESC)
                                 FILTER (WHERE before < ${maxBytes}), '[]')
           )
    FROM (
      SELECT id, text, "approvedAt",
             coalesce(sum(octet_length(text)) OVER (ORDER BY "approvedAt" DESC, id DESC
                                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM "project_note"
      WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND state = 'approved' AND "trashedAt" IS NULL
    ) AS memory`;
}

export function parseMemorySnapshot({ total, notes }: MemorySnapshotJson): MemorySnapshot {
  return { total, notes: notes.map(([id, text]) => ({ id, text })) };
}
