import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { openThreadFile, type OpenedThreadFile } from "./open-thread-file";
import type { ThreadFileRef } from "./thread-file-path";

/** Opens an upload or output for its owner to download; 404 for a thread that is not theirs. */
export async function openOwnedThreadFile(ref: ThreadFileRef): Promise<OpenedThreadFile> {
  await getThreadOrThrow({ threadId: ref.threadId, userId: ref.userId });
  return openThreadFile(ref);
}
