import { getDb } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { toThreadDto, type ThreadPage } from "./thread-dto";
import { recentlyUpdatedFirst } from "@/lib/db/recently-updated-first";

export async function listThreads({
  userId,
  projectId,
  limit,
  offset,
}: {
  userId: string;
  projectId?: string;
  limit: number;
  offset: number;
}): Promise<ThreadPage> {
  const db = await getDb();
  const where = { userId, ...(projectId ? { projectId } : {}) };
  const [threads, total] = await Promise.all([
    db.thread.findMany({ where, orderBy: recentlyUpdatedFirst(), take: limit, skip: offset }),
    db.thread.count({ where }),
  ]);
  return { threads: threads.map(toThreadDto), total, nextOffset: nextOffset(offset, threads.length, total) };
}
