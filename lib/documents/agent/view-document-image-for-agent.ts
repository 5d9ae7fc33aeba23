import { getDb } from "@/lib/db/client";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";
import { AppError } from "@/lib/errors";
import { isImageName } from "@/lib/images/image-formats";
import { prepareImage } from "@/lib/images/prepare-image";
import { documentImageCachePathFor, resolveOriginalPath } from "@/lib/storage/layout";
import {
  openFileOfSize,
  readFileBytes,
  readTextIfPresent,
  writeBytesAtomically,
  writeTextAtomically,
} from "@/lib/storage/stored-files";

export type AgentDocumentImage =
  { name: string; width: number; height: number; mediaType: string; bytes: Uint8Array } | { error: string };

/**
 * A shelf image for `view_image`, prepared as a chat's images are (longest side ≤ 2048 px,
 * re-encoded) and cached in the document's derived folder: its bytes at a path never change
 * (a new row gets a new folder), so the cache never goes stale. The same live-row predicate as
 * read_project_document: this user, this project, not trashed, inside the chat's scope;
 * anything else is `{error}`, a document outside the scope exactly as a foreign one.
 */
export async function viewDocumentImageForAgent({
  userId,
  projectId,
  scope,
  documentId,
}: {
  userId: string;
  projectId: string;
  scope: ChatScope | null;
  documentId: string;
}): Promise<AgentDocumentImage> {
  const db = await getDb();
  const visible = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "project_document" d
    WHERE d.id = ${documentId} AND d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
      AND ${inScopeSql(scope, projectId)}`;
  const row =
    visible.length === 0
      ? null
      : await db.projectDocument.findFirst({ where: { id: documentId, projectId, userId, trashedAt: null } });
  if (!row) {
    return {
      error: `No document with id ${JSON.stringify(documentId)} is on this project's shelf. Call list_project_documents to see the ids.`,
    };
  }
  if (!isImageName(row.name)) return { error: `${JSON.stringify(row.name)} is not an image (PNG, JPEG, WebP or GIF).` };
  const originalPath = await resolveOriginalPath(row);
  const infoPath = documentImageCachePathFor(originalPath, "info");
  const preparedPath = documentImageCachePathFor(originalPath, "prepared");
  const cached = await readTextIfPresent(infoPath);
  if (cached !== null) {
    try {
      const info = JSON.parse(cached) as { width: number; height: number; mediaType: string };
      return { name: row.name, ...info, bytes: await readFileBytes(preparedPath) };
    } catch {
      // Damaged or half-removed: prepared again below.
    }
  }
  const opened = await openFileOfSize(originalPath, row.sizeBytes);
  if (!opened) return { error: `The stored file of ${JSON.stringify(row.name)} is missing; it cannot be shown.` };
  let bytes: Buffer;
  try {
    bytes = await opened.readAll();
  } finally {
    await opened.close();
  }
  try {
    const image = await prepareImage({ bytes, name: row.name });
    const info = { width: image.width, height: image.height, mediaType: image.mediaType };
    // Bytes first, info last: the info promises the bytes are there.
    await writeBytesAtomically(preparedPath, image.prepared);
    await writeTextAtomically(infoPath, JSON.stringify(info));
    return { name: row.name, ...info, bytes: image.prepared };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { error: `${JSON.stringify(row.name)}: ${error.message}` };
    throw error;
  }
}
