import { config } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { deleteThreadUpload } from "./delete-thread-upload";
import { ingestThreadUpload } from "./ingest-thread-upload";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { readMultipartFiles } from "@/lib/http/read-multipart-files";
import type { ThreadFile } from "./thread-file-dto";

// A composer drop may carry a dozen files; a hundred in one request is a script gone wrong.
const MAX_FILES_PER_REQUEST = 100;

/**
 * Reads every `files` part of a multipart upload into the thread's uploads, in order. All or
 * nothing: when one part fails (too large, bad name, malformed body) the files this request
 * already placed are removed again, so a failed request leaves nothing behind. 404 before
 * any byte is read when the thread is not the user's.
 */
export async function receiveThreadUploads({
  userId,
  threadId,
  req,
}: {
  userId: string;
  threadId: string;
  req: Request;
}): Promise<ThreadFile[]> {
  await getThreadOrThrow({ threadId, userId });
  const placed: ThreadFile[] = [];
  try {
    await readMultipartFiles(req, {
      field: "files",
      maxFileBytes: config().uploadMaxBytes,
      maxFiles: MAX_FILES_PER_REQUEST,
      onFile: async ({ filename, stream }) => {
        placed.push(await ingestThreadUpload({ userId, threadId, name: filename, stream }));
      },
    });
  } catch (error) {
    await Promise.allSettled(placed.map((file) => deleteThreadUpload({ userId, threadId, name: file.filename })));
    throw error;
  }
  if (placed.length === 0) throw new AppError("bad_request", "Attach at least one file in the `files` field.");
  return placed;
}
