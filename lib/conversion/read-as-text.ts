import { config } from "@/lib/config/env";
import { isTextContent } from "@/lib/files/detect-text";
import { convertToMarkdown, isConvertible } from "./convert-to-markdown";

// The one "file → text" decision, for a shelf document and a thread file alike: a convertible
// format (with AUTO_CONVERT_DOCUMENTS on) is served as its cached conversion, converting and
// caching it on first use; otherwise text is detected from the bytes, not the name; anything
// else is a refusal the caller words for its own audience. Where the cache lives, and how it
// is written, stays with the caller.

export type TextOutcome =
  | { kind: "text"; text: string; converted: boolean }
  | { kind: "conversion_disabled" }
  | { kind: "unconvertible" }
  | { kind: "binary" };

/** The caller's converted companion: read it (null when absent) and store a fresh one. */
export interface ConvertedCache {
  read(): Promise<string | null>;
  store(markdown: string): Promise<void>;
}

export interface ReadAsTextInput {
  name: string;
  /** The file's bytes; called at most once. */
  readBytes: () => Promise<Buffer>;
  cache: ConvertedCache;
  /** Whether this file may be converted at all; defaults to what the converter supports. */
  convertible?: boolean;
  /** Defaults to AUTO_CONVERT_DOCUMENTS. */
  autoConvert?: boolean;
}

export async function readAsText({ name, readBytes, cache, convertible = isConvertible(name), autoConvert = config().autoConvertDocuments }: ReadAsTextInput): Promise<TextOutcome> {
  let bytes: Buffer | null = null;
  if (convertible && autoConvert) {
    const cached = await cache.read();
    if (cached !== null) return { kind: "text", text: cached, converted: true };
    bytes = await readBytes();
    const markdown = await convertToMarkdown({ bytes, name });
    if (markdown !== null) {
      await cache.store(markdown);
      return { kind: "text", text: markdown, converted: true };
    }
  }
  bytes ??= await readBytes();
  // TextDecoder drops a UTF-8 byte order mark and replaces invalid sequences past the sample.
  if (isTextContent(bytes)) return { kind: "text", text: new TextDecoder("utf-8").decode(bytes), converted: false };
  if (convertible && !autoConvert) return { kind: "conversion_disabled" };
  if (convertible) return { kind: "unconvertible" };
  return { kind: "binary" };
}
