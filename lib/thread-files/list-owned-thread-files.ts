import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { listThreadFiles } from "./list-thread-files";
import type { ThreadFile, ThreadFileKind } from "./thread-file-dto";

/** A thread's uploads or outputs for its owner; 404 for a thread that is not theirs. */
export async function listOwnedThreadFiles(input: {
  userId: string;
  threadId: string;
  kind: ThreadFileKind;
}): Promise<ThreadFile[]> {
  await getThreadOrThrow({ threadId: input.threadId, userId: input.userId });
  return listThreadFiles(input);
}
