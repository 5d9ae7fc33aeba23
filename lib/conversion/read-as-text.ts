import { config } from "@/lib/config/env";
import { isTextContent } from "@/lib/files/detect-text";
import type { ConversionResult } from "./conversion-pool";
import { convertToMarkdown, isConvertible } from "./convert-to-markdown";

// The one "file → text" decision, for a shelf document and a thread file alike: a convertible
// format (with AUTO_CONVERT_DOCUMENTS on) is served as its cached conversion, converting and
// caching it on first use; otherwise text is detected from the bytes, not the name; anything
// else is a refusal the caller words for its own audience. Where the cache lives, and how it
// is written, stays with the caller.

export type TextOutcome =
  | { kind: "text"; text: string; converted: boolean }
  | { kind: "conversion_disabled" }
  /** `reason`: the converter failed on the file, ran past CONVERSION_TIMEOUT_SECONDS, or past its memory limit. */
  | { kind: "unconvertible"; reason: "error" | "timeout" | "memory" }
  | { kind: "binary" };

/** The caller's converted companion: read it (null when absent) and store a fresh one. */
export interface ConvertedCache {
  /** Names the companion (its path): reads arriving while it is being made wait for that conversion. */
  key: string;
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

// Conversions under way, by cache key: a second read of the same file waits for the first
// conversion (and its cache write) instead of starting another.
const inFlight = new Map<string, Promise<ConversionResult | null>>();

function convertOnce(key: string, convert: () => Promise<ConversionResult | null>): Promise<ConversionResult | null> {
  let running = inFlight.get(key);
  if (!running) {
    running = convert().finally(() => inFlight.delete(key));
    inFlight.set(key, running);
  }
  return running;
}

export async function readAsText({
  name,
  readBytes,
  cache,
  convertible = isConvertible(name),
  autoConvert = config().autoConvertDocuments,
}: ReadAsTextInput): Promise<TextOutcome> {
  let bytes: Buffer | null = null;
  let failure: ConversionResult | null = null;
  if (convertible && autoConvert) {
    const cached = await cache.read();
    if (cached !== null) return { kind: "text", text: cached, converted: true };
    const result = await convertOnce(cache.key, async () => {
      bytes = await readBytes();
      const converted = await convertToMarkdown({ bytes, name });
      if (converted?.kind === "converted") await cache.store(converted.markdown);
      return converted;
    });
    if (result?.kind === "converted") return { kind: "text", text: result.markdown, converted: true };
    failure = result;
  }
  bytes ??= await readBytes();
  // TextDecoder drops a UTF-8 byte order mark and replaces invalid sequences past the sample.
  if (isTextContent(bytes)) return { kind: "text", text: new TextDecoder("utf-8").decode(bytes), converted: false };
  if (convertible && !autoConvert) return { kind: "conversion_disabled" };
  if (convertible) return { kind: "unconvertible", reason: failure?.kind === "failed" ? failure.reason : "error" };
  return { kind: "binary" };
}
