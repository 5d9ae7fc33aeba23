import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import { READ_PROJECT_MEMORY } from "@/lib/thread-messages/tool-names";
import { neutraliseReservedTags } from "./neutralise-reserved-tags";

// Pure rendering of the `<memory>` block (docs/architecture.md § "The path of a run", step 3): the
// project's approved notes, newest first, as one Markdown list. Everything comes from the snapshot
// pinned at admission, so every model call of a run renders the same bytes.
//
// A note is the user's Markdown and may span lines. Each note is one list item whose later
// lines are indented, so no text of a note can start a line of its own at the left margin:
// a note cannot forge another note, the overflow line, or the block's end. Reserved tags are
// neutralised like every user string, so `</memory>` in a note is text, not the end.

export interface MemoryNote {
  id: string;
  text: string;
}

/**
 * The memory a run pins (read by lib/notes/memory-snapshot-sql.ts): `total` is the exact count
 * of approved notes, `notes` the newest of them first, at least as many as the block can show.
 */
export interface MemorySnapshot {
  total: number;
  notes: readonly MemoryNote[];
}

// Line breaks of every kind a reader may honour become "\n"; other controls and the bidi
// overrides (which could reorder what follows) become spaces.
const LINE_BREAKS = /\r\n|[\r\u0085\u2028\u2029\u000B\u000C]/g;
const OTHER_CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** One note as one list item: `- first line`, later lines indented by two spaces. */
export function renderMemoryNote(text: string): string {
  const lines = neutraliseReservedTags(text.trim())
    .replace(LINE_BREAKS, "\n")
    .replace(OTHER_CONTROLS, " ")
    .split("\n")
    .map((line) => line.trimEnd());
  return lines.map((line, index) => (index === 0 ? `- ${line}` : line === "" ? "" : `  ${line}`)).join("\n");
}

export function memoryOverflowNote(omitted: number): string {
  return `…and ${omitted} more — call ${READ_PROJECT_MEMORY} to read them all.`;
}

function memoryOpenTag(count: number, shown: number): string {
  return `<memory count="${count}" shown="${shown}">`;
}

const MEMORY_CLOSE_TAG = "</memory>";

function assemble(count: number, items: readonly string[]): string {
  const omitted = count - items.length;
  const body = omitted > 0 ? [...items, memoryOverflowNote(omitted)] : items;
  return [memoryOpenTag(count, items.length), ...body, MEMORY_CLOSE_TAG].join("\n");
}

export interface RenderedMemoryBlock {
  text: string;
  count: number;
  shown: number;
}

/**
 * The bounded block: whole notes only, a prefix of newest-first order, within `maxBytes`.
 * Null when the project has no approved note. When everything fits, no overflow line is
 * needed; otherwise room for the wrapper and the line is reserved first, sized for the widest
 * numbers they can hold, then notes are added while they fit. A note that does not fit ends
 * the prefix (it is counted, never cut), so the block always shows the newest notes.
 */
export function renderMemoryBlock(memory: MemorySnapshot, maxBytes: number): RenderedMemoryBlock | null {
  const count = Math.max(memory.total, memory.notes.length);
  if (count === 0) return null;
  const items = memory.notes.map((note) => renderMemoryNote(note.text));

  if (items.length === count) {
    const complete = assemble(count, items);
    if (utf8ByteLength(complete) <= maxBytes) return { text: complete, count, shown: count };
  }

  const reserved = utf8ByteLength(`${memoryOpenTag(count, count)}\n${memoryOverflowNote(count)}\n${MEMORY_CLOSE_TAG}`);
  let budget = maxBytes - reserved;
  let shown = 0;
  for (const item of items) {
    const cost = utf8ByteLength(item) + 1; // the item and its newline
    if (cost > budget) break;
    budget -= cost;
    shown += 1;
  }
  return { text: assemble(count, items.slice(0, shown)), count, shown };
}
