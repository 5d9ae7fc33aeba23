import { getDb } from "@/lib/db/client";
import { isRecordNotFound } from "@/lib/db/prisma-errors";
import { notFound } from "@/lib/errors";
import { assertOfferedModel } from "@/lib/models/assert-offered-model";
import { toThreadDto, type ThreadDto } from "./thread-dto";

/** The model for the thread's next runs; null follows the default. Runs already going keep theirs. */
export async function setThreadModel({
  userId,
  threadId,
  modelId,
}: {
  userId: string;
  threadId: string;
  modelId: string | null;
}): Promise<ThreadDto> {
  if (modelId !== null) await assertOfferedModel(modelId);
  const db = await getDb();
  try {
    return toThreadDto(await db.thread.update({ where: { id: threadId, userId }, data: { modelId } }));
  } catch (error) {
    if (isRecordNotFound(error)) throw notFound();
    throw error;
  }
}
