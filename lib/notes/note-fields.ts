import { z } from "zod";
import { validationError } from "@/lib/errors";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";

// Pure rules for what a note may say. Shared by the API, the agent's tool and the UI's
// client-side guard, so every side refuses exactly the same text.

/** The agent's reason is shown on the card; longer ones are refused like an over-long note. */
export const NOTE_REASON_MAX_CHARS = 500;

export const noteTextSchema = z
  .string()
  .transform((text) => text.trim())
  .pipe(z.string().min(1, "A note cannot be empty."));

/** The text as stored and compared: outer whitespace is not part of a note. */
export function normaliseNoteText(text: string): string {
  return text.trim();
}

/**
 * What makes two notes the same note when projects merge: the text with compatible Unicode
 * forms folded (NFKC), runs of whitespace as one space, and case ignored. "Use metric units."
 * and "use  metric units." are kept once.
 */
export function noteTextKey(text: string): string {
  return text.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Over the cap is refused (422), never truncated: bytes counted in UTF-8, as for instructions. */
export function assertNoteWithinCap(text: string, maxBytes: number): void {
  const bytes = utf8ByteLength(text);
  if (bytes > maxBytes) {
    throw validationError("text", `The note is ${bytes} bytes; the limit is ${maxBytes} bytes (UTF-8).`);
  }
}
