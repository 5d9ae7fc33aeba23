import { validationError } from "@/lib/errors";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";

// What a stored file may be called (docs/architecture.md § "Where each design rule lives"). Pure,
// shared by thread files and the shelf, so every way a name enters the system is judged by the same
// rules. 255 UTF-8 bytes is also the NAME_MAX of common filesystems, so a valid name is always
// storable.

export const FILE_NAME_MAX_BYTES = 255;

// C0 controls (NUL included), DEL and C1 controls: invisible, and some terminate strings or
// rewrite lines in terminals and logs.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

// Names that lie about themselves: bidi controls reorder what is shown ("invoice\u202Efdp.exe"
// reads "invoiceexe.pdf"), and the line and paragraph separators start a new line in some
// renderers. Refused for every new name; a name stored before this rule still resolves.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_SEPARATOR = /[\u2028\u2029]/;

export type FileNameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** Normalises (NFC, trimmed) and checks a new file name; says why when it is refused. */
export function checkFileName(raw: string, { existing = false }: { existing?: boolean } = {}): FileNameCheck {
  const name = raw.normalize("NFC").trim();
  if (name === "") return { ok: false, reason: "The file name cannot be empty." };
  if (name === "." || name === "..") return { ok: false, reason: "The file name cannot be . or .." };
  if (name.includes("/") || name.includes("\\")) return { ok: false, reason: "The file name cannot contain / or \\." };
  if (CONTROL_CHARACTER.test(name)) return { ok: false, reason: "The file name cannot contain control characters." };
  if (!name.isWellFormed()) return { ok: false, reason: "The file name is not valid Unicode." };
  if (!existing && BIDI_CONTROL.test(name))
    return {
      ok: false,
      reason: "The file name cannot contain bidirectional text controls (U+202A–U+202E, U+2066–U+2069).",
    };
  if (!existing && LINE_SEPARATOR.test(name))
    return { ok: false, reason: "The file name cannot contain line or paragraph separators (U+2028, U+2029)." };
  const bytes = utf8ByteLength(name);
  if (bytes > FILE_NAME_MAX_BYTES) {
    return { ok: false, reason: `The file name is ${bytes} bytes; the limit is ${FILE_NAME_MAX_BYTES} bytes (UTF-8).` };
  }
  return { ok: true, name };
}

/** The normalised name, or a 422 naming `field`. */
export function normaliseFileName(raw: string, field = "name"): string {
  const check = checkFileName(raw);
  if (!check.ok) throw validationError(field, check.reason);
  return check.name;
}

/**
 * A name read back from a URL or a tool call, normalised like stored names are (so an NFD
 * spelling finds the NFC file); null for one that could never have been stored.
 */
export function parseStoredFileName(raw: string): string | null {
  const check = checkFileName(raw, { existing: true });
  return check.ok ? check.name : null;
}

// Extensions longer than this are not worth keeping intact: the suffix goes at the very end.
const MAX_KEPT_EXTENSION_BYTES = 32;

function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf(".");
  // A leading dot marks a hidden name (".env"), not an extension.
  if (dot <= 0) return { stem: name, extension: "" };
  const extension = name.slice(dot);
  if (utf8ByteLength(extension) > MAX_KEPT_EXTENSION_BYTES) return { stem: name, extension: "" };
  return { stem: name.slice(0, dot), extension };
}

/**
 * `name` with `suffix` put before its extension. The stem is shortened, whole code points at
 * a time, when the suffix would push the name past the byte cap, so the result is itself a
 * valid name.
 */
function withSuffix(name: string, suffix: string): string {
  const { stem, extension } = splitExtension(name);
  const budget = FILE_NAME_MAX_BYTES - utf8ByteLength(suffix + extension);
  const codePoints = [...stem];
  let stemBytes = utf8ByteLength(stem);
  while (stemBytes > budget && codePoints.length > 1) {
    stemBytes -= utf8ByteLength(codePoints.pop()!);
  }
  return `${codePoints.join("")}${suffix}${extension}`;
}

/** The n-th candidate for a name: `report.pdf`, `report_1.pdf`, `report_2.pdf` … */
export function numberedName(name: string, n: number): string {
  return n === 0 ? name : withSuffix(name, `_${n}`);
}

/**
 * The name a document gets when its own is taken in the folder it lands in (a merge, a copy or
 * move to another project): `y.txt`, then `y (2).txt`, `y (3).txt` … as people number copies.
 */
export function shelfNumberedName(name: string, n: number): string {
  return n <= 1 ? name : withSuffix(name, ` (${n})`);
}

export function* numberedNames(name: string, max = 10_000): Generator<string> {
  for (let n = 0; n < max; n++) yield numberedName(name, n);
}
