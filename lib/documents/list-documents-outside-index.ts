import type { Db, Tx } from "@/lib/db/client";
import { recentlyUpdatedFirst } from "@/lib/db/recently-updated-first";

/**
 * The live documents the agent's index leaves out: index order (`updatedAt DESC, id ASC`,
 * as in shelf-snapshot.ts) from the first one not shown. The index is always a prefix of that
 * order, so these are exactly the documents reachable only through the tools.
 */
export async function listDocumentsOutsideIndex(
  db: Db | Tx,
  { projectId, userId, shown, limit }: { projectId: string; userId: string; shown: number; limit: number },
): Promise<{ id: string; name: string }[]> {
  return db.projectDocument.findMany({
    where: { projectId, userId, trashedAt: null },
    orderBy: recentlyUpdatedFirst(),
    skip: shown,
    take: limit,
    select: { id: true, name: true },
  });
}
