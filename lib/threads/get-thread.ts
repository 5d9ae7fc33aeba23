import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { toThreadDto, type ThreadDto } from "./thread-dto";

export async function getThreadOrThrow({ threadId, userId }: { threadId: string; userId: string }): Promise<ThreadDto> {
  const db = await getDb();
  const thread = await db.thread.findFirst({ where: { id: threadId, userId } });
  if (!thread) throw notFound();
  return toThreadDto(thread);
}
