import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { trashClock } from "./clock";
import { retentionCutoff } from "./retention";

/**
 * The retention half of the sweep for notes: every note trashed at or before now −
 * TRASH_RETENTION_DAYS (one user's, or everyone's at start-up) is deleted. A note has no
 * files, so one guarded statement does it: a note restored meanwhile no longer matches.
 */
export async function purgeExpiredNotes({ userId }: { userId?: string } = {}): Promise<number> {
  const cutoff = retentionCutoff(trashClock.now(), config().trashRetentionDays);
  const db = await getDb();
  const { count } = await db.projectNote.deleteMany({
    where: { ...(userId ? { userId } : {}), trashedAt: { lte: cutoff } },
  });
  return count;
}
