import { transaction } from "@/lib/db/client";
import { isStoredPathShared, lockDocumentAndSharers } from "@/lib/documents/stored-path-sharers";
import { notFound } from "@/lib/errors";
import { forgetUnusedVectors, passageHashesOf } from "@/lib/search/forget-unused-vectors";
import { pruneDocumentFolders, removeDocumentFiles } from "./remove-document-files";
import { isExpired } from "./retention";

/** What the retention sweep saw when it chose the row; re-checked under the lock. */
export interface RetentionGuard {
  trashedAt: Date;
  cutoff: Date;
}

/**
 * Permanently deletes one trashed document (docs/architecture.md § "Where each design rule lives").
 * One transaction holds the document row lock across: check it is trashed → unlink its original and
 * derived file → delete the row → commit. Restore cannot take the row meanwhile, so it never
 * activates a row whose bytes are going. Purge takes no project lock, so it never waits behind one
 * (the lock order is project → documents; purge only ever holds the second).
 *
 * Bytes a fork or a copy shares (lib/documents/stored-path-sharers.ts) are unlinked only by
 * the purge of the last row naming them: the rows sharing the path are locked too, in id
 * order, and the files go only when no other row names the path once they are held.
 *
 * 404 when the row is not the caller's or not in the trash. A file that cannot be removed
 * (other than already gone) rolls everything back: the row stays trashed and the error is a
 * 500 with `retryable: true`.
 *
 * With a `guard` (the retention sweep), the row is purged only if it is still the same trash
 * entry (same trashedAt: not restored and trashed again meanwhile) and still past the cutoff;
 * otherwise it is left alone and "kept" is returned.
 */
export async function purgeTrashedDocument({
  userId,
  documentId,
  guard,
}: {
  userId: string;
  documentId: string;
  guard?: RetentionGuard;
}): Promise<"purged" | "kept"> {
  const purged = await transaction(async (tx) => {
    const row = await lockDocumentAndSharers(tx, { documentId, userId });
    if (!row || row.trashedAt === null) throw notFound();
    if (guard && (row.trashedAt.getTime() !== guard.trashedAt.getTime() || !isExpired(row.trashedAt, guard.cutoff)))
      return null;
    const lastReference = !(await isStoredPathShared(tx, {
      userId,
      storedRelpath: row.storedRelpath,
      exceptId: row.id,
    }));
    if (lastReference) await removeDocumentFiles(row);
    const hashes = await passageHashesOf(tx, [row.id]);
    await tx.projectDocument.delete({ where: { id: row.id, userId } });
    await forgetUnusedVectors(tx, userId, hashes);
    return { row, lastReference };
  });
  if (!purged) return "kept";
  if (purged.lastReference) await pruneDocumentFolders(purged.row);
  return "purged";
}
