import { transaction, type Tx } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { isUniqueViolation } from "@/lib/db/prisma-errors";
import { AppError, notFound } from "@/lib/errors";
import { toFolderDto, type FolderDto } from "./folder-dto";
import { assertFolderDepth, childPath, folderNameKey, normaliseFolderName } from "./folder-rules";
import { requireOwnedFolder, siblingNameTaken } from "./owned-folder";

export const folderNameConflict = () =>
  new AppError("conflict", "A folder of that name is already there.", { details: [{ path: "name" }] });

/**
 * POST /api/projects/{id}/folders: a new folder at the root or under `parentId`, in one
 * transaction under the active owned project's lock (archived shelves take no folders: 404).
 * A sibling of the same name, in any case, is a 409; the unique index backs the check.
 */
export async function createFolder({
  userId,
  projectId,
  name,
  parentId,
}: {
  userId: string;
  projectId: string;
  name: string;
  parentId?: string | null;
}): Promise<FolderDto> {
  const normalised = normaliseFolderName(name);
  return transaction(async (tx) => {
    if (!(await lockOwnedProject(tx, { projectId, userId, scope: "active" }))) throw notFound();
    return toFolderDto(await insertFolder(tx, { userId, projectId, name: normalised, parentId: parentId ?? null }));
  });
}

/**
 * Inserts a folder under a parent of this project; the caller holds the project's lock and has
 * normalised the name. Shared with the uploads that make folders as they need them.
 */
export async function insertFolder(
  tx: Tx,
  { userId, projectId, name, parentId }: { userId: string; projectId: string; name: string; parentId: string | null },
) {
  const parent = parentId ? await requireOwnedFolder(tx, { userId, projectId, folderId: parentId }) : null;
  assertFolderDepth((parent?.lineage.length ?? 0) + 1, "parentId");
  const nameKey = folderNameKey(name);
  if (await siblingNameTaken(tx, { projectId, parentId, nameKey })) throw folderNameConflict();
  const id = crypto.randomUUID();
  try {
    return await tx.projectFolder.create({
      data: {
        id,
        projectId,
        userId,
        parentId,
        name,
        nameKey,
        path: childPath(parent?.path ?? null, name),
        lineage: [...(parent?.lineage ?? []), id],
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderNameConflict();
    throw error;
  }
}
