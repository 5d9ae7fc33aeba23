import { numberedName } from "@/lib/files/file-name";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";

// Pure rules for paths inside an export archive: how export turns names into paths that
// unzip safely on any system, and how import judges the entry names of an archive it did
// not necessarily make.

// Characters Windows or macOS refuse in a path segment, and control characters.
const UNSAFE_SEGMENT_CHARACTERS = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;
const SEGMENT_MAX_BYTES = 100;

/**
 * A project or thread name as a folder name: unsafe characters become `_`, outer spaces and
 * dots go (Windows drops trailing dots), long names are cut at a code point, and an empty
 * result becomes `fallback`.
 */
export function folderSegment(name: string, fallback: string): string {
  let segment = name
    .normalize("NFC")
    .replace(UNSAFE_SEGMENT_CHARACTERS, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (utf8ByteLength(segment) > SEGMENT_MAX_BYTES) {
    const codePoints = [...segment];
    while (utf8ByteLength(codePoints.join("")) > SEGMENT_MAX_BYTES) codePoints.pop();
    segment = codePoints.join("").trimEnd();
  }
  return segment === "" ? fallback : segment;
}

/**
 * Claims a path no other entry of the archive has, compared case-insensitively so that the
 * archive also unpacks on case-insensitive filesystems. File names are numbered like
 * uploads (`a.txt`, `a_1.txt`); folders as `name (2)`.
 */
export function claimPath(taken: Set<string>, folder: string, name: string, kind: "file" | "folder"): string {
  for (let n = 0; ; n++) {
    const candidate = kind === "file" ? numberedName(name, n) : n === 0 ? name : `${name} (${n + 1})`;
    const full = folder === "" ? candidate : `${folder}/${candidate}`;
    const key = full.toLowerCase();
    if (!taken.has(key)) {
      taken.add(key);
      return full;
    }
  }
}

/**
 * Why an archive entry name is refused, or null when it is a plain relative path: no
 * absolute or drive-letter paths, no backslashes, no `.` or `..` or empty segments, no
 * control characters. A trailing `/` marks a folder entry, judged without it.
 */
export function entryNameProblem(name: string): string | null {
  const path = name.endsWith("/") ? name.slice(0, -1) : name;
  if (path === "") return "an entry has an empty name";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return `the entry "${printable(name)}" has an absolute path`;
  if (path.includes("\\")) return `the entry "${printable(name)}" contains a backslash`;
  if (/[\u0000-\u001f\u007f]/.test(path)) return `the entry "${printable(name)}" contains control characters`;
  for (const segment of path.split("/")) {
    if (segment === "..") return `the entry "${printable(name)}" climbs out of the archive with ..`;
    if (segment === "" || segment === ".") return `the entry "${printable(name)}" has an empty or . segment`;
  }
  return null;
}

/** A name safe to quote back in an error message: control characters shown as `?`, capped. */
function printable(name: string): string {
  const shown = name.replace(/[\u0000-\u001f\u007f]/g, "?");
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}
