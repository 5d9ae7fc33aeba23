import type { Db, Tx } from "@/lib/db/client";
import type { ShelfSnapshot } from "@/lib/chat/render-project-context";

/**
 * The bounded shelf snapshot pinned at admission: the exact live count and the first
 * `maxEntries + 1` rows in index order (`updatedAt DESC, id ASC`; one more than can be
 * shown, so the renderer can tell that something was left out). One statement, so count
 * and rows come from the same snapshot at any isolation level: `count(*) OVER ()` is taken
 * before LIMIT applies.
 */
export async function readShelfSnapshot(
  db: Db | Tx,
  { projectId, userId, maxEntries }: { projectId: string; userId: string; maxEntries: number },
): Promise<ShelfSnapshot> {
  const rows = await db.$queryRaw<{ id: string; name: string; sizeBytes: bigint; updatedAt: Date; total: bigint }[]>`
    SELECT id, name, "sizeBytes", "updatedAt", count(*) OVER () AS total
    FROM "project_document"
    WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL
    ORDER BY "updatedAt" DESC, id ASC
    LIMIT ${maxEntries + 1}`;
  return {
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    entries: rows.map(({ id, name, sizeBytes, updatedAt }) => ({ id, name, sizeBytes: Number(sizeBytes), updatedAt })),
  };
}
