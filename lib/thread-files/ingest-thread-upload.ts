import path from "node:path";
import { config } from "@/lib/config/env";
import { isConvertible } from "@/lib/conversion/convert-to-markdown";
import { threadFilesDir, threadStagingDir } from "@/lib/storage/layout";
import { linkUnderFreeName } from "@/lib/storage/place-file";
import { removeFileIfPresent, streamToStaging, type ByteSource } from "@/lib/storage/staging";
import { ensureFolder, readFileBytes, statFile } from "@/lib/storage/stored-files";
import { isImageName } from "@/lib/images/image-formats";
import { prepareImage, type PreparedImage } from "@/lib/images/prepare-image";
import { normaliseFileName, numberedNames } from "@/lib/files/file-name";
import { storeCompanion } from "./converted-companion";
import { storePreparedImage, type ImageInfo } from "./prepared-image";
import { toThreadFile, type ThreadFile } from "./thread-file-dto";

export interface IngestThreadUploadInput {
  userId: string;
  threadId: string;
  /** The name the file arrived with; normalised and checked here (422 on field `filename`). */
  name: string;
  stream: ByteSource;
}

/**
 * The one way bytes become a thread upload: the composer's multipart upload and a shelf
 * document attached to a thread both come through here. Staging (hash, size limit while
 * streaming: 413) → the first free name (`report.pdf`, `report_1.pdf`, … never overwriting)
 * → the markdown companion when the format converts and AUTO_CONVERT_DOCUMENTS is on. An
 * image (PNG, JPEG, WebP, GIF by name) is checked and prepared in a worker while still staged:
 * bytes that are not that image, a decompression bomb or a corrupt file are a 422 and
 * nothing is stored; an admitted one gets its preparation cached beside it.
 * Resolves only once the file is complete and in place. The caller has already checked that
 * the user owns the thread.
 */
export async function ingestThreadUpload({
  userId,
  threadId,
  name,
  stream,
}: IngestThreadUploadInput): Promise<ThreadFile> {
  const filename = normaliseFileName(name, "filename");
  const ref = { userId, threadId };
  const dir = threadFilesDir(ref, "uploads");
  await ensureFolder(dir);
  const staged = await streamToStaging({
    stagingDir: threadStagingDir(ref),
    source: stream,
    maxBytes: config().uploadMaxBytes,
  });
  let image: PreparedImage | null = null;
  if (isImageName(filename)) {
    try {
      image = await prepareImage({ bytes: await readFileBytes(staged.path), name: filename });
    } catch (error) {
      await removeFileIfPresent(staged.path);
      throw error;
    }
  }
  const claimed = await linkUnderFreeName({ stagedPath: staged.path, dir, candidates: numberedNames(filename) });
  const filePath = path.join(dir, claimed);
  const info: ImageInfo | null = image ? await storePreparedImage(ref, claimed, image) : null;

  if (config().autoConvertDocuments && isConvertible(claimed)) {
    await storeCompanion({ ref, name: claimed, filePath });
  }
  return toThreadFile({ threadId, kind: "upload", filename: claimed, stats: await statFile(filePath), image: info });
}
