import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { trashClock } from "./clock";
import { purgeTrashedDocument } from "./purge-document";
import { retentionCutoff } from "./retention";

/**
 * The retention half of the sweep: every row trashed at or before now − TRASH_RETENTION_DAYS
 * (one user's, or everyone's at start-up) goes through the same guarded purge as a manual
 * one, which re-checks under the row lock that it is the same trash entry and still past the
 * cutoff. A row restored meanwhile is left alone; one whose files cannot be removed stays
 * (logged) for the next sweep. Returns how many were purged.
 */
export async function purgeExpiredTrash({ userId }: { userId?: string } = {}): Promise<number> {
  const cutoff = retentionCutoff(trashClock.now(), config().trashRetentionDays);
  const db = await getDb();
  const candidates = await db.projectDocument.findMany({
    where: { ...(userId ? { userId } : {}), trashedAt: { lte: cutoff } },
    select: { id: true, userId: true, trashedAt: true },
    orderBy: { id: "asc" },
  });
  let purged = 0;
  for (const candidate of candidates) {
    try {
      const outcome = await purgeTrashedDocument({
        userId: candidate.userId,
        documentId: candidate.id,
        guard: { trashedAt: candidate.trashedAt!, cutoff },
      });
      if (outcome === "purged") purged++;
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") continue; // restored or purged meanwhile
      if (!(error instanceof AppError))
        console.error(`[sweep] retention purge of document ${candidate.id} failed`, error);
    }
  }
  return purged;
}
