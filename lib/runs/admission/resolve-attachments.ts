import { validationError } from "@/lib/errors";
import { listThreadFiles } from "@/lib/thread-files/list-thread-files";
import type { AttachedFile } from "@/lib/thread-messages/thread-message";

/** The uploads a new message names as attached; each must already be in the thread's uploads. */
export async function resolveAttachments({
  userId,
  threadId,
  filenames,
}: {
  userId: string;
  threadId: string;
  filenames: string[];
}): Promise<AttachedFile[]> {
  if (filenames.length === 0) return [];
  const uploads = new Map(
    (await listThreadFiles({ userId, threadId, kind: "upload" })).map((file) => [file.filename, file]),
  );
  return [...new Set(filenames)].map((filename) => {
    const file = uploads.get(filename);
    if (!file)
      throw validationError("message.attachments", `No upload named ${JSON.stringify(filename)} in this chat.`);
    return {
      filename,
      sizeBytes: file.sizeBytes,
      virtualPath: file.virtualPath,
      ...(file.image ? { image: file.image } : {}),
    };
  });
}
