import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { purgeTrashedDocument } from "./purge-document";

/**
 * POST /api/trash/purge: empties the caller's whole trash, whatever its age (the confirmation
 * covers the whole listing; only the sweep looks at the retention window). The notes first: they
 * have no files, so one statement removes them all and never fails halfway. Then each document
 * goes through the same guarded purge, one row lock at a time; a row restored or purged by
 * someone else meanwhile is simply skipped. If some files could not be removed, the others are
 * still purged and the answer is a retryable 500 (emptying again finishes); the notes are gone by
 * then. `purged` counts both.
 */
export async function emptyTrash({ userId }: { userId: string }): Promise<{ purged: number }> {
  const db = await getDb();
  const { count: notes } = await db.projectNote.deleteMany({ where: { userId, trashedAt: { not: null } } });
  const rows = await db.projectDocument.findMany({
    where: { userId, trashedAt: { not: null } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  let purged = 0;
  let failed = 0;
  for (const { id } of rows) {
    try {
      await purgeTrashedDocument({ userId, documentId: id });
      purged++;
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") continue;
      failed++;
      if (!(error instanceof AppError)) console.error(`[trash] emptying the trash: document ${id} failed`, error);
    }
  }
  if (failed > 0) {
    throw new AppError(
      "internal",
      `${failed} document(s) could not be removed and stay in the trash; ${purged} were purged. Try again.`,
      { retryable: true },
    );
  }
  return { purged: purged + notes };
}
