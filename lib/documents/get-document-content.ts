import { AppError, validationError } from "@/lib/http/errors";
import { fileResponse } from "@/lib/http/file-response";
import { resolveOriginalPath } from "./document-paths";
import { readDocumentText } from "./document-text";
import { findLiveDocumentOrThrow } from "./find-live-document";
import { contentMissing, openDocumentOriginal } from "./open-document-original";

interface ContentRequest {
  userId: string;
  projectId: string;
  documentId: string;
}

/**
 * The original bytes, streamed from disk with the served type and disposition of thread
 * files (inline for text/PDF/images, HTML/XHTML/SVG always attachment, nosniff); 409
 * content_missing when the stored file is gone or not the recorded size.
 */
export async function documentBytesResponse({ download, ...ref }: ContentRequest & { download: boolean }): Promise<Response> {
  const row = await findLiveDocumentOrThrow(ref);
  const { sizeBytes, stream } = await openDocumentOriginal(row);
  return fileResponse({ name: row.name, sizeBytes, body: stream, download });
}

/** `as=markdown`: the text (converted on first use and cached); a clear 4xx when there is none. */
export async function documentMarkdownResponse(ref: ContentRequest): Promise<Response> {
  const row = await findLiveDocumentOrThrow(ref);
  const originalPath = await resolveOriginalPath(row);
  const result = await readDocumentText({ originalPath, name: row.name, sizeBytes: row.sizeBytes });
  if (result.kind === "content_missing") throw contentMissing();
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
