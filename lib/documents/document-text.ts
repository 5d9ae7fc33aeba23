import { isTextContent, TEXT_SAMPLE_BYTES } from "@/lib/files/detect-text";
import { config } from "@/lib/config/env";
import { isConvertible } from "@/lib/conversion/convert-to-markdown";
import { readAsText, type TextOutcome } from "@/lib/conversion/read-as-text";
import { transaction } from "@/lib/db/client";
import { lockOwnedDocument } from "@/lib/db/locks";
import {
  fileStatsIfPresent,
  isFileOfSize,
  openFileOfSize,
  readFileRange,
  readTextIfPresent,
  writeTextAtomically,
  type OpenedFile,
} from "@/lib/storage/stored-files";
import { convertedPathFor, offsetSidecarPathFor } from "@/lib/storage/layout";

// A stored original as text, for the markdown preview and the read tool (the decision itself
// is lib/conversion/read-as-text, shared with thread files). Convertible formats are
// converted once and cached in the document's own derived/converted.md (the bytes at a path
// never change, so the cache never goes stale).
// The original is opened and its size checked first: a document whose stored file is gone
// or not the recorded size never has text served, not even a cached conversion.

export type DocumentText = TextOutcome | { kind: "content_missing" };

/** The row whose conversion is cached: publishing it is serialised with purge by the row's lock. */
export interface DocumentRowRef {
  id: string;
  userId: string;
}

/**
 * Publishes a fresh conversion under the document's row lock, the lock purge holds across its
 * unlinks and its delete: a conversion that finishes after a purge finds no live row and
 * writes nothing, so it can never recreate derived/converted.md inside a purged folder.
 * Caching only saves a later conversion; a failure to store it must not fail this read.
 */
async function storeCached(
  convertedPath: string,
  markdown: string,
  document: DocumentRowRef | undefined,
): Promise<void> {
  try {
    if (!document) return await writeTextAtomically(convertedPath, markdown);
    await transaction(async (tx) => {
      const row = await lockOwnedDocument(tx, { documentId: document.id, userId: document.userId });
      if (!row || row.trashedAt !== null) return;
      await writeTextAtomically(convertedPath, markdown);
    });
  } catch (error) {
    console.warn(`[documents] could not cache a conversion (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

/**
 * The text of a stored original. `document` names its row, so the conversion cache is
 * published under that row's lock (every server path passes it; only pure file tests omit it).
 */
export async function readDocumentText({
  originalPath,
  name,
  sizeBytes,
  document,
}: {
  originalPath: string;
  name: string;
  sizeBytes: bigint;
  document?: DocumentRowRef;
}): Promise<DocumentText> {
  const original = await openFileOfSize(originalPath, sizeBytes);
  if (!original) return { kind: "content_missing" };
  try {
    return await textOf(original, { originalPath, name, document });
  } finally {
    await original.close();
  }
}

async function textOf(
  original: OpenedFile,
  { originalPath, name, document }: { originalPath: string; name: string; document?: DocumentRowRef },
): Promise<DocumentText> {
  const convertedPath = convertedPathFor(originalPath);
  return readAsText({
    name,
    readBytes: () => original.readAll(),
    cache: {
      key: convertedPath,
      read: () => readTextIfPresent(convertedPath),
      store: (markdown) => storeCached(convertedPath, markdown, document),
    },
  });
}

/**
 * Where a document's text can be read from in slices, without holding it all: its original
 * when that is text, or its cached conversion (made now if missing, through the same cache
 * and in-flight conversion as every other read). Only the first bytes of an original are
 * read to decide. Every outcome readDocumentText has is kept, so callers word them the same.
 */
export type DocumentTextSource =
  | Exclude<DocumentText, { kind: "text" }>
  | { kind: "file"; textPath: string; sidecarPath: string }
  | { kind: "text"; text: string };

export async function documentTextSource({
  originalPath,
  name,
  sizeBytes,
  document,
}: {
  originalPath: string;
  name: string;
  sizeBytes: bigint;
  document?: DocumentRowRef;
}): Promise<DocumentTextSource> {
  if (!(await isFileOfSize(originalPath, sizeBytes))) return { kind: "content_missing" };
  const converted = {
    kind: "file" as const,
    textPath: convertedPathFor(originalPath),
    sidecarPath: offsetSidecarPathFor(originalPath, "converted"),
  };
  const original = {
    kind: "file" as const,
    textPath: originalPath,
    sidecarPath: offsetSidecarPathFor(originalPath, "original"),
  };
  const convertible = isConvertible(name);
  if (convertible && config().autoConvertDocuments) {
    if ((await fileStatsIfPresent(converted.textPath))?.isFile === true) return converted;
    const result = await readDocumentText({ originalPath, name, sizeBytes, document });
    if (result.kind !== "text") return result;
    if (!result.converted) return original;
    // Converted, but the cache could not be stored: serve this conversion from memory.
    return (await fileStatsIfPresent(converted.textPath))?.isFile === true
      ? converted
      : { kind: "text", text: result.text };
  }
  if (isTextContent(await readFileRange(originalPath, 0, TEXT_SAMPLE_BYTES))) return original;
  return convertible ? { kind: "conversion_disabled" } : { kind: "binary" };
}
