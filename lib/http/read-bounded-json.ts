import { AppError } from "@/lib/errors";
import { markBodyAbandoned } from "./unread-body";

// A JSON request body is read under two bounds before JSON.parse sees it, so a hostile body
// costs its sender a 4xx and nobody else anything: its size (a body past the limit is not even
// read to its end) and its nesting (checked by one linear scan; a body nested 50,000 deep used
// to reach the recursive checks after parsing and overflow the stack, a 500).

/**
 * Largest JSON body accepted, in bytes. The largest legitimate one is a project's instructions
 * at PROJECT_INSTRUCTIONS_MAX_BYTES' ceiling (256 KiB), which JSON's escapes can at most
 * sextuple; uploads are multipart and have their own limit.
 */
export const JSON_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** Deepest nesting of arrays and objects accepted. The API's bodies are at most 3 deep. */
export const JSON_BODY_MAX_DEPTH = 32;

const tooLarge = () =>
  new AppError("payload_too_large", `The request body is larger than ${JSON_BODY_MAX_BYTES / 1024 / 1024} MiB.`);

/** The body as text, refused with 413 once past `maxBytes` (by its Content-Length or as it arrives). */
export async function readBodyText(req: Request, maxBytes = JSON_BODY_MAX_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) {
    markBodyAbandoned(req);
    throw tooLarge();
  }
  if (!req.body) return "";
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      markBodyAbandoned(req);
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    parts.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8.");
  }
}

/**
 * How deeply `text` nests arrays and objects, stopping as soon as it passes `limit` (brackets
 * inside strings do not count). Linear, and allocation-free.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * A bounded JSON body: 413 over the size, 400 when nested too deep or not JSON; empty is `{}`.
 * A body sent as anything but application/json is 415 (a cookie's request never gets here:
 * lib/http/same-origin.ts refuses it first, as the browser's cross-site form it may be).
 */
export async function readBoundedJson(req: Request): Promise<unknown> {
  const text = await readBodyText(req);
  if (text.trim() === "") return {};
  if (!isJsonType(req.headers.get("content-type")))
    throw new AppError("unsupported_media_type", "Send the request body as application/json.");
  if (jsonDepthExceeds(text, JSON_BODY_MAX_DEPTH))
    throw new AppError("bad_request", `The request body is nested deeper than ${JSON_BODY_MAX_DEPTH} levels.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

function isJsonType(contentType: string | null): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
