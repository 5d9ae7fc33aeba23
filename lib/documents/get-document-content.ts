import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { AppError, validationError } from "@/lib/http/errors";
import { fileResponse } from "@/lib/thread-files/file-response";
import { resolveOriginalPath } from "./document-paths";
import { readDocumentText } from "./document-text";
import { findLiveDocumentOrThrow } from "./find-live-document";

function contentMissing(): AppError {
  return new AppError("content_missing", "The stored file of this document is missing.");
}

interface ContentRequest {
  userId: string;
  projectId: string;
  documentId: string;
}

/**
 * The original bytes, streamed from disk with the served type and disposition of thread
 * files (inline for text/PDF/images, HTML/XHTML/SVG always attachment, nosniff). A file that
 * is gone or not the recorded size is 409 content_missing, never a short or wrong body.
 */
export async function documentBytesResponse({ download, ...ref }: ContentRequest & { download: boolean }): Promise<Response> {
  const row = await findLiveDocumentOrThrow(ref);
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
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return fileResponse({ name: row.name, sizeBytes: stats.size, body, download });
}

/** `as=markdown`: the text (converted on first use and cached); a clear 4xx when there is none. */
export async function documentMarkdownResponse(ref: ContentRequest): Promise<Response> {
  const row = await findLiveDocumentOrThrow(ref);
  const originalPath = await resolveOriginalPath(row);
  let result;
  try {
    result = await readDocumentText({ originalPath, name: row.name });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw contentMissing();
    throw error;
  }
  if (result.kind === "conversion_disabled") {
    throw new AppError("conflict", "Document conversion is turned off on this server (AUTO_CONVERT_DOCUMENTS).");
  }
  if (result.kind === "unconvertible") throw validationError("as", "This document could not be converted to text.");
  if (result.kind === "binary") throw validationError("as", "This document is a binary file with no text form; download it instead.");
  return new Response(result.text, {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
