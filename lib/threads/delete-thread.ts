import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { removeThreadFolder } from "@/lib/storage/remove-thread-folder";

export async function deleteThread({ userId, threadId }: { userId: string; threadId: string }): Promise<void> {
  const db = await getDb();
  const deleted = await db.thread.deleteMany({ where: { id: threadId, userId } });
  if (deleted.count === 0) throw notFound();
  // Files go after the row: a crash in between leaves an orphan folder (harmless, and the
  // sweep's to collect), never a thread whose files vanished under it. The thread is gone
  // either way, so a failure here is logged rather than reported to the client.
  try {
    await removeThreadFolder({ userId, threadId });
  } catch (error) {
    console.warn(
      `[threads] could not remove the files of deleted thread ${threadId} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
}
