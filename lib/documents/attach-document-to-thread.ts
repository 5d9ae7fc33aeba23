import { transaction } from "@/lib/db/client";
import { lockOwnedThread } from "@/lib/db/locks";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import { removeThreadFolder } from "@/lib/storage/remove-thread-folder";
import type { ThreadFile } from "@/lib/thread-files/thread-file-dto";
import { openDocumentOriginal } from "./open-document-original";

/**
 * POST /api/projects/{id}/documents/{docId}/attach-to-thread/{threadId}: copies a shelf
 * document into a thread's uploads, through the same path as a composer upload (first free
 * name, size limit, conversion). Reading a shelf is allowed on archived projects, so this is
 * too; the thread must be the caller's (404 otherwise). The shelf copy is never touched.
 *
 * The thread and then the live row are read under their row locks (threads before documents,
 * as project delete takes them) and the original opened while the locks are held: a
 * concurrent trash-and-purge then either comes first (404 here) or waits, and once the file is
 * open its bytes stay readable even if it is unlinked afterwards. The copy itself streams
 * after the locks are released, so a large file never holds a transaction open; a thread
 * deleted during the copy is noticed under its lock again afterwards, and the copy removed.
 */
export async function attachDocumentToThread({
  userId,
  projectId,
  documentId,
  threadId,
}: {
  userId: string;
  projectId: string;
  documentId: string;
  threadId: string;
}): Promise<ThreadFile> {
  // Kept outside the transaction too: if the commit fails after the open, it is still closed.
  let opened: Awaited<ReturnType<typeof openDocumentOriginal>> | null = null;
  try {
    const row = await transaction(async (tx) => {
      if (!(await lockOwnedThread(tx, { threadId, userId }))) throw notFound();
      // No separate project read: a live row of this user in this project proves the project
      // is theirs (a project delete trashes its rows in the same transaction).
      const locked = await tx.$queryRaw<ProjectDocument[]>`
        SELECT * FROM "project_document"
        WHERE id = ${documentId} AND "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL
        FOR UPDATE`;
      const live = locked[0];
      if (!live) throw notFound();
      opened = await openDocumentOriginal(live);
      return live;
    });
    const file = await ingestThreadUpload({ userId, threadId, name: row.name, stream: opened!.stream });
    await confirmThreadStillExists({ userId, threadId });
    return file;
  } catch (error) {
    // A failure before the copy consumed the stream (a bad name, no staging folder, a failed
    // commit) would otherwise leave the original's file handle open. Cancelling closes it; a
    // stream the copy already took is locked, and that rejection is expected.
    await (opened as Awaited<ReturnType<typeof openDocumentOriginal>> | null)?.stream.cancel().catch(() => {});
    throw error;
  }
}

/**
 * The thread was locked and alive before the copy; a delete that committed while the copy
 * streamed has already removed (or is removing) the thread's folder, and the copy may have
 * recreated it. The thread is gone either way, so its folder goes and the attach is a 404.
 */
async function confirmThreadStillExists({ userId, threadId }: { userId: string; threadId: string }): Promise<void> {
  const alive = await transaction(async (tx) => (await lockOwnedThread(tx, { threadId, userId })) !== null);
  if (alive) return;
  await removeThreadFolder({ userId, threadId });
  throw notFound();
}
