import "server-only";
import { threadRoot } from "./layout";
import { removeFolderTree } from "./stored-files";

/** Removes everything stored for a thread: uploads, outputs, companions, staging. */
export async function removeThreadFolder({ userId, threadId }: { userId: string; threadId: string }): Promise<void> {
  await removeFolderTree(threadRoot({ userId, threadId }));
}
