import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound, validationError } from "@/lib/errors";
import { folderNameConflict } from "./create-folder";
import { toFolderDto, type FolderDto } from "./folder-dto";
import { assertFolderDepth, childPath, folderNameKey, normaliseFolderName } from "./folder-rules";
import { requireOwnedFolder, siblingNameTaken } from "./owned-folder";

const underItself = () => validationError("parentId", "A folder cannot be moved into itself or one of its subfolders.");

/**
 * PATCH /api/projects/{id}/folders/{folderId}: rename and/or move a folder (`parentId: null`
 * is the root). Under the active owned project's lock, which every folder write takes, the
 * target parent is read and judged (not this folder or below it: 422; the subtree within 8
 * levels: 422; no sibling of the name: 409), then one statement rewrites the folder and its
 * whole subtree: name and parent of the folder, the path and lineage of every folder below.
 * Two concurrent moves that would together make a cycle are serialised by the lock: the second
 * reads the first's result and is refused. The statement repeats the cycle check in its WHERE
 * clause, so it can never write a folder under itself.
 */
export async function updateFolder({
  userId,
  projectId,
  folderId,
  name,
  parentId,
}: {
  userId: string;
  projectId: string;
  folderId: string;
  name?: string;
  parentId?: string | null;
}): Promise<FolderDto> {
  const newName = name === undefined ? undefined : normaliseFolderName(name);
  return transaction(async (tx) => {
    if (!(await lockOwnedProject(tx, { projectId, userId, scope: "active" }))) throw notFound();
    const folder = await requireOwnedFolder(tx, { userId, projectId, folderId });
    const targetName = newName ?? folder.name;
    const targetParentId = parentId === undefined ? folder.parentId : parentId;
    const parent = targetParentId
      ? await requireOwnedFolder(tx, { userId, projectId, folderId: targetParentId })
      : null;
    if (parent?.lineage.includes(folder.id)) throw underItself();

    const [{ deepest }] = await tx.$queryRaw<{ deepest: number }[]>`
      SELECT coalesce(max(cardinality(lineage)), 0)::int AS deepest FROM "project_folder"
      WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND lineage @> ARRAY[${folder.id}]::text[]`;
    const depth = folder.lineage.length;
    assertFolderDepth((parent?.lineage.length ?? 0) + 1 + (deepest! - depth), "parentId");

    const nameKey = folderNameKey(targetName);
    if (await siblingNameTaken(tx, { projectId, parentId: targetParentId, nameKey, exceptId: folder.id }))
      throw folderNameConflict();

    const parentLineage = parent?.lineage ?? [];
    const newPath = childPath(parent?.path ?? null, targetName);
    // The subtree's suffixes (its paths after this folder's, its lineages from this folder on)
    // are kept; the prefixes become the new parent's. `lineage[depth:]` starts at this folder.
    const moved = await tx.$executeRaw`
      UPDATE "project_folder" f SET
        "parentId" = CASE WHEN f.id = ${folder.id} THEN ${targetParentId}::text ELSE f."parentId" END,
        "name" = CASE WHEN f.id = ${folder.id} THEN ${targetName}::text ELSE f."name" END,
        "nameKey" = CASE WHEN f.id = ${folder.id} THEN ${nameKey}::text ELSE f."nameKey" END,
        path = ${newPath}::text || substr(f.path, char_length(${folder.path}::text) + 1),
        lineage = ${parentLineage}::text[] || f.lineage[${depth}:]
      WHERE f."projectId" = ${projectId} AND f."userId" = ${userId} AND f.lineage @> ARRAY[${folder.id}]::text[]
        AND NOT (${parentLineage}::text[] @> ARRAY[${folder.id}]::text[])`;
    if (moved === 0) throw underItself();
    return toFolderDto(await tx.projectFolder.findFirstOrThrow({ where: { id: folder.id, userId } }));
  });
}
