import { ingestThreadUpload } from "@/lib/thread-files/ingest-thread-upload";
import type { ThreadFile } from "@/lib/thread-files/thread-file-dto";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { findLiveDocumentOrThrow } from "./find-live-document";
import { openDocumentOriginal } from "./open-document-original";

/**
 * POST /api/projects/{id}/documents/{docId}/attach-to-thread/{threadId}: copies a shelf
 * document into a chat's uploads, through the same path as a composer upload (first free
 * name, conversion). Reading a shelf is allowed on archived projects, so this is too; the
 * thread must be the caller's (404 otherwise). The shelf copy is never touched.
 */
export async function attachDocumentToThread({ userId, projectId, documentId, threadId }: { userId: string; projectId: string; documentId: string; threadId: string }): Promise<ThreadFile> {
  const row = await findLiveDocumentOrThrow({ userId, projectId, documentId });
  await getThreadOrThrow({ threadId, userId });
  const { stream } = await openDocumentOriginal(row);
  return ingestThreadUpload({ userId, threadId, name: row.name, stream });
}
