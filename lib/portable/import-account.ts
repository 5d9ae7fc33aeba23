import { config } from "@/lib/config/env";
import { removeFileIfPresent } from "@/lib/storage/staging";
import { readImportArchive } from "./read-import-archive";
import { receiveImportUpload } from "./receive-import-upload";
import { recreateAccount, type ImportCounts } from "./recreate-account";

/**
 * POST /api/import: stage the uploaded zip, judge it whole (names, counts, sizes, manifest)
 * before creating anything, then recreate its contents in the caller's account. The staged
 * archive is removed whatever happens; a refusal or failure leaves nothing else behind.
 */
export async function importAccount({ userId, req }: { userId: string; req: Request }): Promise<ImportCounts> {
  const { importMaxEntries, importMaxBytes, instructionsMaxBytes, noteMaxBytes, uploadMaxBytes } = config();
  const staged = await receiveImportUpload({ userId, req });
  try {
    const archive = await readImportArchive({
      zipPath: staged.path,
      limits: {
        maxEntries: importMaxEntries,
        maxBytes: importMaxBytes,
        instructionsMaxBytes,
        noteMaxBytes,
        uploadMaxBytes,
      },
    });
    try {
      return await recreateAccount({ userId, archive });
    } finally {
      archive.close();
    }
  } finally {
    await removeFileIfPresent(staged.path);
  }
}
