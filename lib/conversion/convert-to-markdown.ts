import path from "node:path";

// Office documents, PDFs and web pages become markdown the model can read, via markitdown-ts.
// The library is heavy (pdf.js, jsdom, mammoth, xlsx; 1–1.6 s to import), so it is loaded on
// the first conversion and only once. Its errors embed the whole input file in their message:
// they are swallowed here and only the error's class name is logged.

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

type Converter = { convertBuffer(source: Buffer, options: { file_extension: string }): Promise<{ markdown: string } | null | undefined> };

let converter: Promise<Converter> | null = null;

function loadConverter(): Promise<Converter> {
  converter ??= import("markitdown-ts").then(({ MarkItDown }) => new MarkItDown()).catch((error: unknown) => {
    converter = null; // let a later call try again
    throw error;
  });
  return converter;
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
 * The markdown for a convertible file's bytes, or null when the format is not convertible or
 * the conversion failed (corrupt file, unsupported variant). Never throws the library's error.
 */
export async function convertToMarkdown({ bytes, name }: { bytes: Buffer; name: string }): Promise<string | null> {
  const extension = converterExtension(name);
  if (!extension) return null;
  // The notebook converter logs JSON.parse errors itself, and those quote the input: screen
  // malformed notebooks out before the library sees them.
  if (extension === ".ipynb" && !isJson(bytes)) return null;
  try {
    const result = await (await loadConverter()).convertBuffer(bytes, { file_extension: extension });
    return result ? result.markdown : null;
  } catch (error) {
    console.warn(`[conversion] could not convert a ${extension} file (${error instanceof Error ? error.name : "unknown error"})`);
    return null;
  }
}
