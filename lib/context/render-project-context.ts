import { createHash } from "node:crypto";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { escapeAttributeValue, neutraliseReservedTags } from "./neutralise-reserved-tags";
import type { ShelfEntry, ShelfSnapshot } from "@/lib/documents/shelf-entry";
import { LIST_PROJECT_DOCUMENTS } from "@/lib/thread-messages/tool-names";

// Pure rendering of the two request-only blocks
// (docs/architecture.md § "The path of a run", step 5). No I/O: everything comes from the snapshot
// pinned at admission, so every model call of a run renders the same bytes and the fingerprints
// describe exactly what the model was given.

export interface ProjectIdentity {
  id: string;
  name: string;
  instructions: string;
}

export interface IndexLimits {
  indexMaxEntries: number;
  indexMaxBytes: number;
}

/** Empty (or whitespace-only) instructions keep the block, and so the project identity, with no body. */
export function renderProjectBlock(project: ProjectIdentity): string {
  const open = `<project id="${escapeAttributeValue(project.id)}" name="${escapeAttributeValue(project.name)}">`;
  const body = project.instructions.trim() === "" ? "" : `${neutraliseReservedTags(project.instructions)}\n`;
  return `${open}\n${body}</project>`;
}

// Anything that breaks a line for some reader (C0/C1 controls, NEL, the Unicode line and
// paragraph separators) or reorders what follows (bidi controls).
const LINE_BREAKING_OR_REORDERING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]+/g;

/**
 * One line per document, its name after its folder path (`reports/2026/q3.pdf`): a line break
 * in a name or a folder's name (of any kind) would let it forge more entries.
 */
export function renderDocumentEntry(entry: ShelfEntry): string {
  const shown = entry.folderPath ? `${entry.folderPath}/${entry.name}` : entry.name;
  const name = neutraliseReservedTags(shown.replace(LINE_BREAKING_OR_REORDERING, " "));
  const modified = entry.updatedAt.toISOString().slice(0, 10);
  return `- id=${entry.id} | ${name} (${formatByteSize(entry.sizeBytes)}, modified ${modified})`;
}

export function overflowNote(omitted: number): string {
  return `…and ${omitted} more — call ${LIST_PROJECT_DOCUMENTS} to list them all.`;
}

function documentsOpenTag(count: number, shown: number): string {
  return `<documents count="${count}" shown="${shown}">`;
}

const DOCUMENTS_CLOSE_TAG = "</documents>";

function assembleDocumentsBlock(count: number, lines: readonly string[]): string {
  const omitted = count - lines.length;
  const body = omitted > 0 ? [...lines, overflowNote(omitted)] : lines;
  return [documentsOpenTag(count, lines.length), ...body, DOCUMENTS_CLOSE_TAG].join("\n");
}

export interface RenderedDocumentsBlock {
  text: string;
  count: number;
  shown: number;
}

/**
 * The bounded index: whole entries only, a prefix of the index order, within both caps.
 * Returns null for an empty shelf. When everything fits, no note is needed; otherwise room
 * for the wrapper and the note is reserved first, sized for the widest numbers they can
 * hold (`shown` and the omitted count are at most `count`), then entries are added while
 * they fit. The result never exceeds `indexMaxBytes` unless the wrapper and note alone do.
 */
export function renderDocumentsBlock(shelf: ShelfSnapshot, limits: IndexLimits): RenderedDocumentsBlock | null {
  // A count below the rows in hand would make the omitted count negative; trust the larger.
  const count = Math.max(shelf.total, shelf.entries.length);
  if (count === 0) return null;
  const maxEntries = Math.max(0, Math.floor(limits.indexMaxEntries));
  const lines = shelf.entries.slice(0, maxEntries).map(renderDocumentEntry);

  if (lines.length === count) {
    const complete = assembleDocumentsBlock(count, lines);
    if (utf8ByteLength(complete) <= limits.indexMaxBytes) return { text: complete, count, shown: count };
  }

  const reserved = utf8ByteLength(`${documentsOpenTag(count, count)}\n${overflowNote(count)}\n${DOCUMENTS_CLOSE_TAG}`);
  let budget = limits.indexMaxBytes - reserved;
  let shown = 0;
  for (const line of lines) {
    const cost = utf8ByteLength(line) + 1; // the line and its newline
    if (cost > budget) break;
    budget -= cost;
    shown += 1;
  }
  return { text: assembleDocumentsBlock(count, lines.slice(0, shown)), count, shown };
}

/**
 * Audit fingerprint of a rendered block (docs/architecture.md § "The path of a run", step 6); not a
 * version, cannot be reversed.
 */
export function fingerprint(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
