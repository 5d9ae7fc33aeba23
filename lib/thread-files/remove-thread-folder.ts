import { rm } from "node:fs/promises";
import { threadRoot } from "@/lib/storage/layout";

/** Removes everything stored for a thread: uploads, outputs, companions, staging. */
export async function removeThreadFolder({ userId, threadId }: { userId: string; threadId: string }): Promise<void> {
  await rm(threadRoot({ userId, threadId }), { recursive: true, force: true });
}
