import { mkdir, readFile, rename, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { readAsText, type TextOutcome } from "@/lib/conversion/read-as-text";
import { removeFileIfPresent } from "@/lib/storage/staging";
import { convertedPathFor } from "./document-paths";
import { openCheckedOriginal } from "./open-document-original";

// A stored original as text, for the markdown preview and the read tool (the decision itself
// is lib/conversion/read-as-text, shared with thread files). Convertible formats are
// converted once and cached in the document's own derived/converted.md (the bytes at a path never change, so the cache never goes stale).
// The original is opened and its size checked first: a document whose stored file is gone
// or not the recorded size never has text served, not even a cached conversion.

export type DocumentText = TextOutcome | { kind: "content_missing" };

async function readCached(convertedPath: string): Promise<string | null> {
  try {
    return await readFile(convertedPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Writes beside and renames, so a concurrent reader sees no file or the whole file. */
async function storeCached(convertedPath: string, markdown: string): Promise<void> {
  const temporary = `${convertedPath}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(convertedPath), { recursive: true });
    await writeFile(temporary, markdown, { flag: "wx" });
    await rename(temporary, convertedPath);
  } catch (error) {
    // Caching only saves a later conversion; it must not fail this read.
    await removeFileIfPresent(temporary).catch(() => {});
    console.warn(`[documents] could not cache a conversion (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
}

export async function readDocumentText({ originalPath, name, sizeBytes }: { originalPath: string; name: string; sizeBytes: bigint }): Promise<DocumentText> {
  const original = await openCheckedOriginal(originalPath, sizeBytes);
  if (!original) return { kind: "content_missing" };
  try {
    return await textOf(original.handle, { originalPath, name });
  } finally {
    await original.handle.close().catch(() => {});
  }
}

async function textOf(handle: FileHandle, { originalPath, name }: { originalPath: string; name: string }): Promise<DocumentText> {
  const convertedPath = convertedPathFor(originalPath);
  return readAsText({
    name,
    readBytes: () => handle.readFile(),
    cache: { read: () => readCached(convertedPath), store: (markdown) => storeCached(convertedPath, markdown) },
  });
}
