import { removeFolderTree } from "@/lib/storage/stored-files";
import { locateDocumentFolder } from "@/lib/storage/layout";
import { pruneEmptyFolders } from "@/lib/storage/prune-empty-folders";

/**
 * Removes the whole folder of a row that no longer exists (the trashed copy a merge
 * dropped), after its transaction committed. No surviving row can point there: every row
 * has its own folder. Best-effort: a failure is logged and the sweep collects the files.
 */
export async function discardDocumentFolder(row: { id: string; userId: string; storedRelpath: string }): Promise<void> {
  try {
    const { folder, documentsDir } = await locateDocumentFolder(row);
    await removeFolderTree(folder);
    await pruneEmptyFolders({ from: folder, stopAt: documentsDir });
  } catch (error) {
    console.warn(
      `[trash] could not remove the files of merged document ${row.id} (${(error as NodeJS.ErrnoException).code ?? "error"}); the sweep will`,
    );
  }
}
