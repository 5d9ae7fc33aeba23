import { getDb } from "@/lib/db/client";
import { emptyTrash } from "@/lib/trash/empty-trash";

/**
 * POST /api/trash/purge: the whole trash, whatever its age: the notes (no files, one
 * statement, so they never fail halfway), then the documents through their guarded purge.
 * `purged` counts both. A document whose files could not be removed still makes the answer a
 * retryable 500 (emptying again finishes); the notes are gone by then.
 */
export async function emptyWholeTrash({ userId }: { userId: string }): Promise<{ purged: number }> {
  const db = await getDb();
  const { count: notes } = await db.projectNote.deleteMany({ where: { userId, trashedAt: { not: null } } });
  const { purged } = await emptyTrash({ userId });
  return { purged: purged + notes };
}
