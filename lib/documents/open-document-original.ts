import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { resolveOriginalPath } from "./document-paths";

export function contentMissing(): AppError {
  return new AppError("content_missing", "The stored file of this document is missing.");
}

/**
 * Opens a document's original for streaming out. A file that is gone, not a regular file, or
 * not the recorded size is 409 content_missing, never a short or wrong body. The size comes
 * from the open handle, so it describes exactly the bytes that will be streamed.
 */
export async function openDocumentOriginal(row: Pick<ProjectDocument, "userId" | "storedRelpath" | "sizeBytes">): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> }> {
  const originalPath = await resolveOriginalPath(row);
  let handle;
  try {
    handle = await open(originalPath, "r");
  } catch {
    throw contentMissing();
  }
  const stats = await handle.stat();
  if (!stats.isFile() || BigInt(stats.size) !== row.sizeBytes) {
    await handle.close();
    throw contentMissing();
  }
  return { sizeBytes: stats.size, stream: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array> };
}
