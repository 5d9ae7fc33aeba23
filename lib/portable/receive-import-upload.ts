import { config } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { readMultipartFiles } from "@/lib/http/read-multipart-files";
import { userStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging, type StagedFile } from "@/lib/storage/staging";

/**
 * Streams the one `file` part of POST /api/import (or of a zip dropped on a shelf) into the user's staging folder: a zip is
 * read by seeking (its directory is at the end), so it must be on disk first. The archive
 * itself may be at most IMPORT_MAX_BYTES (413 while streaming, the partial file removed);
 * no file, or an empty one, is 400.
 */
export async function receiveImportUpload({
  userId,
  req,
  missing = "Attach the export archive in the `file` field.",
}: {
  userId: string;
  req: Request;
  /** What a request without the file is told (400). */
  missing?: string;
}): Promise<StagedFile> {
  const maxBytes = config().importMaxBytes;
  let staging: Promise<StagedFile> | null = null;
  try {
    await readMultipartFiles(req, {
      field: "file",
      maxFileBytes: maxBytes,
      maxFiles: 1,
      onFile: async (file) => {
        staging = streamToStaging({ stagingDir: userStagingDir(userId), source: file.stream, maxBytes });
        await staging;
      },
    });
    if (!staging) throw new AppError("bad_request", missing);
    const staged = await (staging as Promise<StagedFile>);
    if (staged.sizeBytes === 0) throw new AppError("bad_request", "The file is empty.");
    return staged;
  } catch (error) {
    const staged = await (staging as Promise<StagedFile> | null)?.catch(() => null);
    if (staged) await removeFileIfPresent(staged.path);
    throw error;
  }
}
