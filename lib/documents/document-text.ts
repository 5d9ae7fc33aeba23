import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { config } from "@/lib/config/env";
import { isConvertible, convertToMarkdown } from "@/lib/conversion/convert-to-markdown";
import { isTextContent } from "@/lib/chat/detect-text";
import { removeFileIfPresent } from "@/lib/storage/staging";
import { convertedPathFor } from "./document-paths";

// A stored original as text, for the markdown preview and the read tool: one decision, two
// callers. Convertible formats are converted once and cached in the document's own
// derived/converted.md (the bytes at a path never change, so the cache never goes stale).

export type DocumentText =
  | { kind: "text"; text: string; converted: boolean }
  | { kind: "conversion_disabled" }
  | { kind: "unconvertible" }
  | { kind: "binary" };

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

export async function readDocumentText({ originalPath, name }: { originalPath: string; name: string }): Promise<DocumentText> {
  const convertible = isConvertible(name);
  const autoConvert = config().autoConvertDocuments;
  if (convertible && autoConvert) {
    const convertedPath = convertedPathFor(originalPath);
    const cached = await readCached(convertedPath);
    if (cached !== null) return { kind: "text", text: cached, converted: true };
    const markdown = await convertToMarkdown({ bytes: await readFile(originalPath), name });
    if (markdown !== null) {
      await storeCached(convertedPath, markdown);
      return { kind: "text", text: markdown, converted: true };
    }
  }
  const bytes = await readFile(originalPath);
  // TextDecoder drops a UTF-8 byte order mark and replaces invalid sequences past the sample.
  if (isTextContent(bytes)) return { kind: "text", text: new TextDecoder("utf-8").decode(bytes), converted: false };
  if (convertible && !autoConvert) return { kind: "conversion_disabled" };
  if (convertible) return { kind: "unconvertible" };
  return { kind: "binary" };
}
