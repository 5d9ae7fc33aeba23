import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function deleteThread({ userId, threadId }: { userId: string; threadId: string }): Promise<void> {
  const db = await getDb();
  const deleted = await db.thread.deleteMany({ where: { id: threadId, userId } });
  if (deleted.count === 0) throw notFound();
}
