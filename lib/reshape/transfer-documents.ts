import { transaction, type Tx } from "@/lib/db/client";
import { lockOwnedProjectPair } from "@/lib/db/locks";
import { notFound, validationError } from "@/lib/errors";
import { ensureFolderPath } from "@/lib/folders/ensure-folder-path";
import { assertFolderDepth } from "@/lib/folders/folder-rules";
import { requireOwnedFolder, type OwnedFolder } from "@/lib/folders/owned-folder";
import { carryDocuments, readCarriedDocuments, type CarryItem } from "./carry-documents";
import type { TransferResult } from "./reshape-dto";

/**
 * POST /api/projects/{id}/documents/transfer (docs/architecture.md § "Fork, merge and transfer"):
 * copies or moves documents, and whole folders with everything below them, to another of the
 * caller's projects, at its root or into one of its folders. A folder lands as a folder of that
 * name (merged with one already there), its subfolders below it, empty ones included. Content
 * already in the folder a document lands in is kept once, a taken name is numbered
 * (lib/reshape/carry-documents.ts).
 *
 * One transaction under both projects' locks, taken in id order. The target must be active and
 * the caller's, or 404; so must the source for a move (a copy only reads it, so an archived
 * source can be copied from). Every named document must be live on the source's shelf and every
 * folder on it, or nothing happens (404): a document trashed a moment before is not moved. A
 * move re-points the rows (their ids, dates and bytes stay) and removes the moved folders from
 * the source; a copy makes new rows that share the stored bytes.
 */
export async function transferDocuments({
  userId,
  projectId,
  documentIds = [],
  folderIds = [],
  toProjectId,
  toFolderId = null,
  mode,
}: {
  userId: string;
  projectId: string;
  documentIds?: readonly string[];
  folderIds?: readonly string[];
  toProjectId: string;
  toFolderId?: string | null;
  mode: "copy" | "move";
}): Promise<TransferResult> {
  if (toProjectId === projectId)
    throw validationError("toProjectId", "Choose another project; within a project, move documents between folders.");
  let afterCommit = async () => {};
  const result = await transaction(async (tx) => {
    const [source, target] = await lockOwnedProjectPair(
      tx,
      userId,
      { projectId, scope: mode === "move" ? "active" : "any" },
      { projectId: toProjectId, scope: "active" },
    );
    if (!source || !target) throw notFound();
    const toFolder = toFolderId
      ? await requireOwnedFolder(tx, { userId, projectId: toProjectId, folderId: toFolderId })
      : null;
    const base = toFolder ? toFolder.path.split("/") : [];

    const trees = await selectedTrees(tx, { userId, projectId, folderIds });
    const items: CarryItem[] = [];
    for (const tree of trees) {
      const deepest = Math.max(...tree.folders.map((folder) => folder.lineage.length));
      assertFolderDepth(base.length + deepest - tree.top.lineage.length + 1, "toFolderId");
      const namesOf = new Map(tree.folders.map((f) => [f.id, [...base, ...relativeNames(f, tree.top)]]));
      // Empty folders come along too: a folder is moved or copied as it is.
      for (const names of namesOf.values()) await ensureFolderPath(tx, { userId, projectId: toProjectId, names });
      const rows = await tx.projectDocument.findMany({
        where: { projectId, userId, trashedAt: null, folderId: { in: [...namesOf.keys()] } },
      });
      for (const row of rows) items.push({ row, folderNames: namesOf.get(row.folderId!)! });
    }

    const carriedIds = new Set(items.map((item) => item.row.id));
    const wanted = [...new Set(documentIds)];
    const loose = await tx.projectDocument.findMany({
      where: { id: { in: wanted }, projectId, userId, trashedAt: null },
    });
    if (loose.length !== wanted.length) throw notFound();
    for (const row of loose) if (!carriedIds.has(row.id)) items.push({ row, folderNames: base });

    const carried = await carryDocuments(tx, { userId, toProjectId, items, mode });
    afterCommit = carried.afterCommit;
    // The moved folders leave the source (their subfolders with them, by the parent key's cascade).
    if (mode === "move" && trees.length > 0)
      await tx.projectFolder.deleteMany({ where: { projectId, userId, id: { in: trees.map((tree) => tree.top.id) } } });

    const existing = await readCarriedDocuments(tx, {
      userId,
      ids: carried.duplicates.map((d) => ({ id: d.existingId, folderPath: d.folderPath })),
    });
    return {
      created: await readCarriedDocuments(tx, { userId, ids: carried.landed }),
      duplicates: carried.duplicates.map((d, i) => ({ name: d.name, existing: existing[i]! })),
      renamed: carried.renamed,
    };
  });
  await afterCommit();
  return result;
}

/**
 * The named folders of the source with every folder below them; a named folder inside another
 * named one goes with that one. 404 when one is not a folder of the source.
 */
async function selectedTrees(
  tx: Tx,
  { userId, projectId, folderIds }: { userId: string; projectId: string; folderIds: readonly string[] },
): Promise<{ top: OwnedFolder; folders: OwnedFolder[] }[]> {
  const named: OwnedFolder[] = [];
  for (const folderId of new Set(folderIds)) named.push(await requireOwnedFolder(tx, { userId, projectId, folderId }));
  const namedIds = new Set(named.map((folder) => folder.id));
  const tops = named.filter((folder) => !folder.lineage.slice(0, -1).some((id) => namedIds.has(id)));
  const trees = [];
  for (const top of tops) {
    const folders = await tx.projectFolder.findMany({
      where: { projectId, userId, lineage: { has: top.id } },
      select: { id: true, parentId: true, name: true, path: true, lineage: true },
    });
    trees.push({ top, folders });
  }
  return trees;
}

/** A folder's names from `top` (itself included) down to it. */
function relativeNames(folder: OwnedFolder, top: OwnedFolder): string[] {
  return folder.path.split("/").slice(top.lineage.length - 1);
}
