import { transaction } from "@/lib/db/client";
import { lockOwnedDocument } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { pruneDocumentFolders, removeDocumentFiles } from "./remove-document-files";
import { isExpired } from "./retention";

/** What the retention sweep saw when it chose the row; re-checked under the lock. */
export interface RetentionGuard {
  trashedAt: Date;
  cutoff: Date;
}

/**
 * Permanently deletes one trashed document (design: Atomicity, "Purge"). One transaction
 * holds the document row lock across: check it is trashed → unlink its original and derived
 * file → delete the row → commit. Restore cannot take the row meanwhile, so it never
 * activates a row whose bytes are going. Purge takes no project lock, so it never waits
 * behind one (the lock order is project → documents; purge only ever holds the second).
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
    const row = await lockOwnedDocument(tx, { documentId, userId });
    if (!row || row.trashedAt === null) throw notFound();
    if (guard && (row.trashedAt.getTime() !== guard.trashedAt.getTime() || !isExpired(row.trashedAt, guard.cutoff)))
      return null;
    await removeDocumentFiles(row);
    await tx.projectDocument.delete({ where: { id: row.id, userId } });
    return row;
  });
  if (!purged) return "kept";
  await pruneDocumentFolders(purged);
  return "purged";
}
