import { config } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { projectStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging, type StagedFile } from "@/lib/storage/staging";
import { normaliseFileName } from "@/lib/files/file-name";
import { readMultipartFiles } from "@/lib/http/read-multipart-files";
import { splitRelativePath } from "@/lib/folders/folder-rules";
import { checkShelfImage } from "./check-shelf-image";

export interface ReceivedDocument {
  staged: StagedFile;
  name: string;
  /** The folders of the `path` field (a/b/c.txt → a, b), made on the shelf where missing. */
  folders: string[];
}

/**
 * Reads the one `file` part of a shelf upload into the project's `.staging/`, hashing and
 * enforcing UPLOAD_MAX_BYTES while streaming (413). Exactly one non-empty file (400
 * otherwise); the optional `name` field, else the file's own name, must pass the name rules
 * (422); a `path` field (`a/b/c.txt`, relative) names the folders it goes in, each by the same
 * rules, and its last part is the name unless `name` is given. The fields may follow the file in the body, so names are judged once parsing ends.
 * An image (by its name) must pass the chat's image check (422, ./check-shelf-image.ts).
 * On any failure the staged bytes are removed again.
 */
export async function receiveDocumentUpload({
  userId,
  projectId,
  req,
}: {
  userId: string;
  projectId: string;
  req: Request;
}): Promise<ReceivedDocument> {
  const maxBytes = config().uploadMaxBytes;
  // The parser can fail (a second file part) while the first is still streaming to staging,
  // so the cleanup waits for that work instead of looking at a variable set later.
  let staging: Promise<StagedFile> | null = null;
  let filename = "";
  try {
    const { files, fields } = await readMultipartFiles(req, {
      field: "file",
      maxFileBytes: maxBytes,
      maxFiles: 1,
      onFile: async (file) => {
        filename = file.filename;
        staging = streamToStaging({
          stagingDir: projectStagingDir({ userId, projectId }),
          source: file.stream,
          maxBytes,
        });
        await staging;
      },
    });
    if (files === 0 || !staging) throw new AppError("bad_request", "Attach exactly one file in the `file` field.");
    const staged = await (staging as Promise<StagedFile>);
    if (staged.sizeBytes === 0) throw new AppError("bad_request", "The file is empty.");
    // `path` (a folder drop's relative path) places it in folders; `name` still renames it.
    const path = fields.path !== undefined && fields.path !== "" ? splitRelativePath(fields.path) : null;
    const name =
      fields.name !== undefined && fields.name !== ""
        ? normaliseFileName(fields.name, "name")
        : (path?.name ?? normaliseFileName(filename, "name"));
    await checkShelfImage(staged, name);
    return { staged, name, folders: path?.folders ?? [] };
  } catch (error) {
    const staged = await (staging as Promise<StagedFile> | null)?.catch(() => null);
    if (staged) await removeFileIfPresent(staged.path);
    throw error;
  }
}
