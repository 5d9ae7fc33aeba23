import { open, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { resolveOriginalPath } from "./document-paths";

export function contentMissing(): AppError {
  return new AppError("content_missing", "The stored file of this document is missing.");
}

/**
 * Opens a stored original for reading, or null when it is gone, not a regular file, or not
 * `sizeBytes` long. The size comes from the open handle, so it describes exactly the bytes a
 * read through the handle returns (an unlink after opening does not change them). The handle
 * is closed on every path that does not return it.
 */
export async function openCheckedOriginal(originalPath: string, sizeBytes: bigint): Promise<{ handle: FileHandle; size: number } | null> {
  let handle: FileHandle;
  try {
    handle = await open(originalPath, "r");
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile() && BigInt(stats.size) === sizeBytes) return { handle, size: stats.size };
  } catch {
    // Treated like a missing file below.
  }
  await handle.close().catch(() => {});
  return null;
}

/**
 * Opens a document's original for streaming out. A file that is gone, not a regular file, or
 * not the recorded size is 409 content_missing, never a short or wrong body.
 */
export async function openDocumentOriginal(row: Pick<ProjectDocument, "userId" | "storedRelpath" | "sizeBytes">): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> }> {
  const original = await openCheckedOriginal(await resolveOriginalPath(row), row.sizeBytes);
  if (!original) throw contentMissing();
  return { sizeBytes: original.size, stream: Readable.toWeb(original.handle.createReadStream()) as ReadableStream<Uint8Array> };
}
