import { conversionFailureClause } from "@/lib/conversion/conversion-failure";
import { AppError } from "@/lib/errors";
import { resolveOriginalPath } from "@/lib/storage/layout";
import { readDocumentText } from "./document-text";
import { findLiveDocumentOrThrow } from "./find-live-document";
import { contentMissing, openDocumentOriginal } from "./open-document-original";
import { noteContentFound } from "./record-content-missing";

interface ContentRequest {
  userId: string;
  projectId: string;
  documentId: string;
}

/**
 * The original's name and bytes, streamed from disk; 409 content_missing when the stored file
 * is gone or not the recorded size. Either way what was found is recorded on the row, which
 * the listings report.
 */
export async function getDocumentOriginal(
  ref: ContentRequest,
): Promise<{ name: string; sizeBytes: number; stream: ReadableStream<Uint8Array> }> {
  const row = await findLiveDocumentOrThrow(ref);
  let opened: Awaited<ReturnType<typeof openDocumentOriginal>>;
  try {
    opened = await openDocumentOriginal(row);
  } catch (error) {
    if (error instanceof AppError && error.code === "content_missing") await noteContentFound(row, true);
    throw error;
  }
  await noteContentFound(row, false);
  return { name: row.name, ...opened };
}

/** 422 on `as`: the request is well formed, but this document has no markdown to give. */
function noMarkdown(
  reason: "conversion_disabled" | "no_text_form" | "conversion_timeout" | "conversion_memory",
  message: string,
): AppError {
  return new AppError("validation_failed", message, { details: [{ path: "as", message, reason }] });
}

/** `as=markdown`: the text (converted on first use and cached); a clear 4xx when there is none. */
export async function getDocumentMarkdown(ref: ContentRequest): Promise<string> {
  const row = await findLiveDocumentOrThrow(ref);
  const originalPath = await resolveOriginalPath(row);
  const result = await readDocumentText({ originalPath, name: row.name, sizeBytes: row.sizeBytes, document: row });
  await noteContentFound(row, result.kind === "content_missing");
  if (result.kind === "content_missing") throw contentMissing();
  if (result.kind === "conversion_disabled") {
    throw noMarkdown(
      "conversion_disabled",
      "This document needs conversion to be shown as text, and document conversion is turned off on this server (AUTO_CONVERT_DOCUMENTS). Download the original instead.",
    );
  }
  if (result.kind === "unconvertible") {
    const reason =
      result.reason === "error"
        ? "no_text_form"
        : result.reason === "timeout"
          ? "conversion_timeout"
          : "conversion_memory";
    throw noMarkdown(reason, `This document ${conversionFailureClause(result.reason)}. Download the original instead.`);
  }
  if (result.kind === "binary")
    throw noMarkdown(
      "no_text_form",
      "This document is a binary file with no text form. Download the original instead.",
    );
  return result.text;
}
