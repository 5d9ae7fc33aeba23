import type { ProjectDocument } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { lockOwnedDocument } from "@/lib/db/locks";

// Stored bytes shared between rows (docs/architecture.md § "Fork, merge and transfer"). A fork and
// a transfer's copy make new rows that name their original's `storedRelpath`: no file is copied. So
// a path may be named by several rows, of one project or several, and its files (original and
// derived) may go only with the last of them. A new sharer is only ever made from a live row, so
// once no row names a path, none ever will again.

/**
 * Locks a document row together with every row that names the same stored path, all in id
 * order (the lock order for documents), and returns the document as locked (null: missing or
 * foreign). Two purges of rows sharing bytes therefore run one after the other, and the second
 * sees that the first's row is gone: exactly one of them removes the files.
 */
export async function lockDocumentAndSharers(
  tx: Tx,
  { userId, documentId }: { userId: string; documentId: string },
): Promise<ProjectDocument | null> {
  // Unlocked first look, for the path: it never changes on a row, so the lock confirms it.
  const glimpse = await tx.projectDocument.findFirst({
    where: { id: documentId, userId },
    select: { storedRelpath: true },
  });
  if (!glimpse) return null;
  const sharers = await tx.projectDocument.findMany({
    where: { userId, storedRelpath: glimpse.storedRelpath },
    select: { id: true },
  });
  const ids = [...new Set([documentId, ...sharers.map((row) => row.id)])].sort();
  let locked: ProjectDocument | null = null;
  for (const id of ids) {
    const row = await lockOwnedDocument(tx, { documentId: id, userId });
    if (id === documentId) locked = row;
  }
  return locked;
}

/**
 * Whether any row other than `exceptId` names this stored path now. Read afresh (after the
 * caller's locks, or after its commit), so a copy made since a first look is counted: a copy
 * is made from a live row, and a live row naming the path is counted itself.
 */
export async function isStoredPathShared(
  tx: Pick<Tx, "projectDocument">,
  { userId, storedRelpath, exceptId }: { userId: string; storedRelpath: string; exceptId: string },
): Promise<boolean> {
  const other = await tx.projectDocument.findFirst({
    where: { userId, storedRelpath, id: { not: exceptId } },
    select: { id: true },
  });
  return other !== null;
}
