import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { openFileOfSize } from "@/lib/storage/stored-files";
import { resolveOriginalPath } from "@/lib/storage/layout";

export function contentMissing(): AppError {
  return new AppError("content_missing", "The stored file of this document is missing.");
}

/**
 * Opens a document's original for streaming out. A file that is gone, not a regular file, or
 * not the recorded size is 409 content_missing, never a short or wrong body.
 */
export async function openDocumentOriginal(
  row: Pick<ProjectDocument, "userId" | "storedRelpath" | "sizeBytes">,
): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> }> {
  const original = await openFileOfSize(await resolveOriginalPath(row), row.sizeBytes);
  if (!original) throw contentMissing();
  return { sizeBytes: original.size, stream: original.stream() };
}
