import { getDb } from "@/lib/db/client";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import { listThreadFiles } from "./list-thread-files";
import type { ThreadFile, ThreadFileGroup, ThreadFileGroupPage } from "./thread-file-dto";
import { recentlyUpdatedFirst } from "@/lib/db/recently-updated-first";

export const THREAD_FILES_MAX_THREAD_LIMIT = 50;
export const THREAD_FILES_DEFAULT_THREAD_LIMIT = 20;
export const THREAD_FILES_MAX_FILE_LIMIT = 200;
export const THREAD_FILES_DEFAULT_FILE_LIMIT = 50;

const newestFirst = (a: ThreadFile, b: ThreadFile) =>
  b.modifiedAt.localeCompare(a.modifiedAt) ||
  a.kind.localeCompare(b.kind) ||
  (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : 0);

/**
 * GET /api/projects/{id}/thread-files, the conversation-files view: read-only, the uploads
 * and outputs of the project's threads grouped by thread, threads newest first and paged. Fan-out
 * is bounded both ways: `threadLimit` threads per page, `fileLimit` files per thread, and a cut
 * is always reported (`truncated`), never silent. Works on archived projects (their shelf
 * and threads stay readable). Nothing here is stored: a deleted thread's files simply vanish.
 */
export async function listProjectThreadFiles({
  userId,
  projectId,
  offset,
  threadLimit,
  fileLimit,
}: {
  userId: string;
  projectId: string;
  offset: number;
  threadLimit: number;
  fileLimit: number;
}): Promise<ThreadFileGroupPage> {
  const db = await getDb();
  await requireOwnedProject(db, { projectId, userId, scope: "any" });
  // One extra row says whether another page exists, without a separate count.
  const threads = await db.thread.findMany({
    where: { userId, projectId },
    orderBy: recentlyUpdatedFirst(),
    skip: offset,
    take: threadLimit + 1,
    select: { id: true, title: true, updatedAt: true },
  });
  const page = threads.slice(0, threadLimit);
  const groups = await Promise.all(
    page.map(async (thread): Promise<ThreadFileGroup> => {
      const ref = { userId, threadId: thread.id };
      const [uploads, outputs] = await Promise.all([
        listThreadFiles({ ...ref, kind: "upload" }),
        listThreadFiles({ ...ref, kind: "output" }),
      ]);
      const files = [...uploads, ...outputs].sort(newestFirst);
      return {
        threadId: thread.id,
        title: thread.title,
        updatedAt: thread.updatedAt.toISOString(),
        files: files.slice(0, fileLimit),
        truncated: files.length > fileLimit,
      };
    }),
  );
  return {
    groups,
    nextOffset: threads.length > threadLimit ? offset + threadLimit : null,
    truncated: groups.some((group) => group.truncated),
  };
}
