import { readAsText, type TextOutcome } from "@/lib/conversion/read-as-text";
import { openFileOfSize, readTextIfPresent, writeTextAtomically, type OpenedFile } from "@/lib/storage/stored-files";
import { convertedPathFor } from "@/lib/storage/layout";

// A stored original as text, for the markdown preview and the read tool (the decision itself
// is lib/conversion/read-as-text, shared with thread files). Convertible formats are
// converted once and cached in the document's own derived/converted.md (the bytes at a path
// never change, so the cache never goes stale).
// The original is opened and its size checked first: a document whose stored file is gone
// or not the recorded size never has text served, not even a cached conversion.

export type DocumentText = TextOutcome | { kind: "content_missing" };

/** Caching only saves a later conversion; a failure to store it must not fail this read. */
async function storeCached(convertedPath: string, markdown: string): Promise<void> {
  try {
    await writeTextAtomically(convertedPath, markdown);
  } catch (error) {
    console.warn(`[documents] could not cache a conversion (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

export async function readDocumentText({ originalPath, name, sizeBytes }: { originalPath: string; name: string; sizeBytes: bigint }): Promise<DocumentText> {
  const original = await openFileOfSize(originalPath, sizeBytes);
  if (!original) return { kind: "content_missing" };
  try {
    return await textOf(original, { originalPath, name });
  } finally {
    await original.close();
  }
}

async function textOf(original: OpenedFile, { originalPath, name }: { originalPath: string; name: string }): Promise<DocumentText> {
  const convertedPath = convertedPathFor(originalPath);
  return readAsText({
    name,
    readBytes: () => original.readAll(),
    cache: { read: () => readTextIfPresent(convertedPath), store: (markdown) => storeCached(convertedPath, markdown) },
  });
}
