import path from "node:path";
import { getDb } from "@/lib/db/client";
import { isIdSegment, threadsRoot, threadStagingDir } from "@/lib/storage/layout";
import {
  isClaim,
  noRemovals,
  readdirOrEmpty,
  removeOldEntries,
  removeTreeIfOld,
  type RemovalCounts,
} from "@/lib/storage/aged-removal";

/**
 * Thread storage → rows: the folder of a thread that no longer exists (its delete crashed
 * before removing the files, or a run wrote after the delete) goes once everything in it is
 * old; a live thread only loses old staging leftovers. Its uploads and outputs are the
 * user's files and are never collected.
 *
 * The folders are listed before the thread rows are read: a thread's row is created before
 * its folder, so a listed folder without a row really belongs to a deleted thread.
 */
export async function reconcileThreadFolders({
  userId,
  oldBefore,
}: {
  userId: string;
  oldBefore: number;
}): Promise<RemovalCounts> {
  const root = threadsRoot(userId);
  const entries = (await readdirOrEmpty(root)).filter((entry) => entry.isDirectory());
  const folders = entries.filter((entry) => isIdSegment(entry.name)).map((entry) => entry.name);
  const counts = noRemovals();
  // A deleted thread's folder another sweep claimed and then died removing.
  for (const entry of entries)
    if (isClaim(entry.name)) await removeTreeIfOld(path.join(root, entry.name), oldBefore, counts);
  if (folders.length === 0) return counts;
  const db = await getDb();
  const live = new Set(
    (await db.thread.findMany({ where: { userId }, select: { id: true } })).map((thread) => thread.id),
  );
  for (const threadId of folders) {
    if (live.has(threadId)) await removeOldEntries(threadStagingDir({ userId, threadId }), oldBefore, counts);
    else await removeTreeIfOld(path.join(root, threadId), oldBefore, counts);
  }
  return counts;
}
