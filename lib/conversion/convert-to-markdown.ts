import path from "node:path";
import { convertInWorker, type ConversionResult } from "./conversion-pool";

// Office documents, PDFs and web pages become markdown the model can read, via markitdown-ts,
// run in a worker thread (./conversion-pool.ts, ./convert-worker.mjs).

// What markitdown-ts 0.0.10 converts from a buffer, offline. Not PPTX (no converter), not
// JSON (unsupported), not ZIP (needs an optional peer we do not install); plain text formats
// need no conversion at all.
const CONVERTIBLE_EXTENSIONS: Record<string, string> = {
  ".pdf": ".pdf",
  ".docx": ".docx",
  ".xlsx": ".xlsx",
  ".html": ".html",
  ".htm": ".html",
  ".xhtml": ".html",
  ".ipynb": ".ipynb",
};

function converterExtension(name: string): string | null {
  return CONVERTIBLE_EXTENSIONS[path.extname(name).toLowerCase()] ?? null;
}

export function isConvertible(name: string): boolean {
  return converterExtension(name) !== null;
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

/**
 * The markdown for a convertible file's bytes, converted in a worker thread; null when the
 * format is not convertible at all. Never throws the library's error.
 */
export async function convertToMarkdown({
  bytes,
  name,
}: {
  bytes: Buffer;
  name: string;
}): Promise<ConversionResult | null> {
  const extension = converterExtension(name);
  if (!extension) return null;
  // The notebook converter logs JSON.parse errors itself, and those quote the input: screen
  // malformed notebooks out before the library sees them.
  if (extension === ".ipynb" && !isJson(bytes)) return { kind: "failed", reason: "error" };
  return convertInWorker({ bytes, extension });
}
