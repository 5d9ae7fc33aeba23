import { getDb } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/prisma-errors";
import { notFound } from "@/lib/errors";
import { toThreadDto, type ThreadDto } from "./thread-dto";

export async function renameThread({
  userId,
  threadId,
  title,
}: {
  userId: string;
  threadId: string;
  title: string;
}): Promise<ThreadDto> {
  const db = await getDb();
  try {
    return toThreadDto(await db.thread.update({ where: { id: threadId, userId }, data: { title } }));
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound();
    throw error;
  }
}
