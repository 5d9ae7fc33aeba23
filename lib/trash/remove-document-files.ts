import { AppError } from "@/lib/errors";
import { fileRemoval } from "@/lib/storage/file-removal";
import { isGone } from "@/lib/storage/is-gone";
import {
  convertedPathFor,
  documentFileFolders,
  locateDocumentFolder,
  offsetSidecarPathFor,
} from "@/lib/storage/layout";
import { pruneEmptyFolders } from "@/lib/storage/prune-empty-folders";

/**
 * Purge's filesystem step, run while the document row is locked: unlink the original and
 * its derived files (converted.md, the offset sidecars). A file already gone counts as removed (a previous attempt got
 * that far, or the optional conversion never existed). Any other failure throws a retryable
 * 500, so the transaction rolls back and the trashed row stays for the next attempt; the
 * error names no path.
 */
export async function removeDocumentFiles(row: { id: string; userId: string; storedRelpath: string }): Promise<void> {
  const { originalPath } = await locateDocumentFolder(row);
  const derived = [
    convertedPathFor(originalPath),
    offsetSidecarPathFor(originalPath, "original"),
    offsetSidecarPathFor(originalPath, "converted"),
  ];
  for (const file of [originalPath, ...derived]) {
    try {
      await fileRemoval.unlink(file);
    } catch (error) {
      if (isGone(error)) continue;
      console.error(
        `[trash] could not remove a file of document ${row.id} (${(error as NodeJS.ErrnoException).code ?? "error"}); the row is kept`,
      );
      throw new AppError(
        "internal",
        "The document's files could not be removed, so it was kept in the trash. Try again.",
        { retryable: true },
      );
    }
  }
}

/**
 * After a purge has committed: remove the document's now-empty original/, derived/ and own
 * folder, then the shared {sha}/{sha[:2]} levels if nothing else lives there. Best-effort;
 * anything left is collected by the sweep.
 */
export async function pruneDocumentFolders(row: { userId: string; storedRelpath: string }): Promise<void> {
  try {
    const { folder, documentsDir } = await locateDocumentFolder(row);
    for (const sub of documentFileFolders(folder)) await pruneEmptyFolders({ from: sub, stopAt: folder });
    await pruneEmptyFolders({ from: folder, stopAt: documentsDir });
  } catch {
    // Nothing depends on empty folders going away.
  }
}
