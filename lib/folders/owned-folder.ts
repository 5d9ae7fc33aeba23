import type { Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

// A folder as the tree's writers read it, under the project's row lock (every folder write
// takes it first, so what is read here cannot change before the transaction ends).

export interface OwnedFolder {
  id: string;
  parentId: string | null;
  name: string;
  path: string;
  lineage: string[];
}

/** One of the caller's folders in this project; null when missing, foreign or in another project. */
export async function findOwnedFolder(
  tx: Tx,
  { userId, projectId, folderId }: { userId: string; projectId: string; folderId: string },
): Promise<OwnedFolder | null> {
  return tx.projectFolder.findFirst({
    where: { id: folderId, projectId, userId },
    select: { id: true, parentId: true, name: true, path: true, lineage: true },
  });
}

/** As findOwnedFolder, 404 when there is none. */
export async function requireOwnedFolder(
  tx: Tx,
  where: { userId: string; projectId: string; folderId: string },
): Promise<OwnedFolder> {
  const folder = await findOwnedFolder(tx, where);
  if (!folder) throw notFound();
  return folder;
}

/** Whether a sibling under `parentId` already has this name (case-insensitively), other than `exceptId`. */
export async function siblingNameTaken(
  tx: Tx,
  {
    projectId,
    parentId,
    nameKey,
    exceptId,
  }: { projectId: string; parentId: string | null; nameKey: string; exceptId?: string },
): Promise<boolean> {
  const found = await tx.projectFolder.findFirst({
    where: { projectId, parentId, nameKey, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  return found !== null;
}
