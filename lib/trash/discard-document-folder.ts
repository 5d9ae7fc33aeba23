import { getDb } from "@/lib/db/client";
import { isStoredPathShared } from "@/lib/documents/stored-path-sharers";
import { removeFolderTree } from "@/lib/storage/stored-files";
import { locateDocumentFolder } from "@/lib/storage/layout";
import { pruneEmptyFolders } from "@/lib/storage/prune-empty-folders";

/**
 * Removes the whole folder of a row that no longer exists (the trashed copy a restore merged,
 * the duplicate a merge or a move dropped), after its transaction committed, unless another
 * row still names the same stored path (a fork or a copy shares it): then the bytes stay with
 * that row. Once no row names a path none ever will (copies are made from live rows), so the
 * check after the commit is final. Best-effort: a failure is logged and the sweep collects
 * the files.
 */
export async function discardDocumentFolder(row: { id: string; userId: string; storedRelpath: string }): Promise<void> {
  try {
    const db = await getDb();
    if (await isStoredPathShared(db, { userId: row.userId, storedRelpath: row.storedRelpath, exceptId: row.id }))
      return;
    const { folder, documentsDir } = await locateDocumentFolder(row);
    await removeFolderTree(folder);
    await pruneEmptyFolders({ from: folder, stopAt: documentsDir });
  } catch (error) {
    console.warn(
      `[trash] could not remove the files of merged document ${row.id} (${(error as NodeJS.ErrnoException).code ?? "error"}); the sweep will`,
    );
  }
}
