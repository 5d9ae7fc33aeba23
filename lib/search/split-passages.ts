import { pageAt } from "./page-map";

// A document's text → passages, the unit search ranks and the agent cites. Splits follow the
// text's own structure: Markdown headings (ATX and setext) start sections, blank lines end
// paragraphs, a PDF's page markers end pages (and passages), and fenced code stays whole. Paragraphs are
// gathered up to PASSAGE_MAX_CHARS; a section shorter than PASSAGE_MIN_CHARS is packed with
// the next one rather than standing alone; a paragraph longer than the maximum is cut at a
// sentence end, else at a space. Pure and deterministic, so indexing twice yields the same rows.

export const PASSAGE_MIN_CHARS = 400;
export const PASSAGE_MAX_CHARS = 1500;
/**
 * Text without spaces (Chinese, Japanese) makes a term of every character pair, so its
 * passages end sooner: their terms must fit one database page (lib/search/passage-terms.ts).
 */
export const PASSAGE_MAX_UNSEGMENTED_CHARS = 400;
const UNSEGMENTED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Headings are cut to this many characters: enough to recognise a section. */
const HEADING_MAX_CHARS = 200;

export interface Passage {
  seq: number;
  /** Range in the text, in code points (the read tools' offsets). */
  start: number;
  end: number;
  /** The nearest heading above the passage's start, if any. */
  heading: string | null;
  /** 1-based page of the passage's start for a paged text, else null. */
  page: number | null;
  body: string;
}

type Block =
  | { kind: "heading"; start: number; end: number; title: string }
  | { kind: "page"; start: number; end: number }
  | { kind: "text"; start: number; end: number };

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
/** The line pdf.js's text extraction writes after each page (markitdown-ts keeps it). */
export const PAGE_MARKER = /^-- (\d+) of (\d+) --$/;

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    lines.push({ start, end, text: text.slice(start, end).replace(/\r$/, "") });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

/** The text's blocks in order (UTF-16 indices): headings, page markers, and paragraphs. */
function blocksOf(text: string): Block[] {
  const lines = linesOf(text);
  const blocks: Block[] = [];
  let paragraph: { start: number; end: number } | null = null;
  let fence: string | null = null;
  const endParagraph = () => {
    if (paragraph) blocks.push({ kind: "text", ...paragraph });
    paragraph = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const blank = line.text.trim() === "";
    if (fence !== null) {
      paragraph!.end = line.end;
      if (line.text.trimStart().startsWith(fence)) {
        fence = null;
        endParagraph();
      }
      continue;
    }
    const opening = FENCE.exec(line.text);
    if (opening) {
      endParagraph();
      fence = opening[1]!;
      paragraph = { start: line.start, end: line.end };
      continue;
    }
    if (blank) {
      endParagraph();
      continue;
    }
    const atx = ATX_HEADING.exec(line.text);
    if (atx) {
      endParagraph();
      blocks.push({ kind: "heading", start: line.start, end: line.end, title: atx[2]! });
      continue;
    }
    if (PAGE_MARKER.test(line.text.trim())) {
      endParagraph();
      blocks.push({ kind: "page", start: line.start, end: line.end });
      continue;
    }
    const next = lines[i + 1];
    if (!paragraph && next && SETEXT_UNDERLINE.test(next.text) && line.text.trim().length <= HEADING_MAX_CHARS) {
      blocks.push({ kind: "heading", start: line.start, end: next.end, title: line.text.trim() });
      i += 1;
      continue;
    }
    if (paragraph) paragraph.end = line.end;
    else paragraph = { start: line.start, end: line.end };
  }
  endParagraph();
  return blocks;
}

const SENTENCE_END = /[.!?。！？;；](?=\s|$)|\n/g;

/**
 * Where to cut an over-long stretch [from, to): after the sentence nearest an even share of it
 * (1,800 characters make two passages of 900, not 1,500 and a 300-character tail that would be
 * packed with the next section), else at a space, else hard.
 */
function cutPoint(text: string, from: number, to: number): number {
  let limit = from + PASSAGE_MAX_CHARS;
  let unsegmented = 0;
  for (let i = from; i < Math.min(limit, to); i++) {
    if (UNSEGMENTED_CHAR.test(text[i]!) && ++unsegmented === PASSAGE_MAX_UNSEGMENTED_CHARS) {
      limit = Math.max(i + 1, from + PASSAGE_MIN_CHARS);
      break;
    }
  }
  if (to <= limit) return to;
  const windowStart = Math.min(from + PASSAGE_MIN_CHARS, limit);
  const window = text.slice(windowStart, limit);
  const goal = from + Math.ceil((to - from) / Math.ceil((to - from) / (limit - from))) - windowStart;
  let best = -1;
  for (const match of window.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length;
    if (best === -1 || Math.abs(end - goal) < Math.abs(best - goal)) best = end;
  }
  if (best === -1) best = window.lastIndexOf(" ") + 1;
  let cut = best > 0 ? windowStart + best : limit;
  // Never between the halves of a surrogate pair.
  if (/[\udc00-\udfff]/.test(text[cut] ?? "")) cut -= 1;
  return cut;
}

/** UTF-16 indices → code-point offsets, for ascending indices, in one pass over the text. */
function codePointOffsets(text: string, indices: number[]): Map<number, number> {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const result = new Map<number, number>();
  let unit = 0;
  let points = 0;
  for (const index of sorted) {
    while (unit < index) {
      const code = text.charCodeAt(unit);
      unit += code >= 0xd800 && code <= 0xdbff && unit + 1 < text.length ? 2 : 1;
      points += 1;
    }
    result.set(index, points);
  }
  return result;
}

function trimmedRange(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return [start, end];
}

/**
 * The passages of a text. `pageStarts` (code points, from ./page-map) gives each passage its
 * page; without it pages are null.
 */
export function splitPassages(text: string, pageStarts: readonly number[] = []): Passage[] {
  const spans: { start: number; end: number; heading: string | null }[] = [];
  let current: { start: number; end: number; heading: string | null } | null = null;
  let heading: string | null = null;
  const flush = () => {
    if (current) spans.push(current);
    current = null;
  };
  const size = () => (current ? current.end - current.start : 0);
  const extend = (start: number, end: number) => {
    if (current) current.end = end;
    else current = { start, end, heading };
  };
  for (const block of blocksOf(text)) {
    if (block.kind === "heading") {
      if (size() >= PASSAGE_MIN_CHARS) flush();
      heading = block.title.slice(0, HEADING_MAX_CHARS);
      if (current) current.end = block.end;
      else current = { start: block.start, end: block.end, heading };
      continue;
    }
    // A passage never spans two pages, however short, so its page is exact.
    if (block.kind === "page") {
      flush();
      continue;
    }
    let from = block.start;
    while (from < block.end) {
      if (current && size() + (block.end - from) > PASSAGE_MAX_CHARS && size() >= PASSAGE_MIN_CHARS) flush();
      const start: number = current ? current.start : from;
      const cut = cutPoint(text, start, block.end);
      if (cut <= from) {
        // The passage so far already reaches the maximum: close it and cut the block alone.
        flush();
        continue;
      }
      extend(from, cut);
      if (cut < block.end) flush();
      from = cut;
    }
  }
  flush();

  const ranges = spans
    .map((span) => ({ ...span, range: trimmedRange(text, span.start, span.end) }))
    .filter(({ range: [start, end] }) => end > start);
  const offsets = codePointOffsets(
    text,
    ranges.flatMap(({ range }) => range),
  );
  return ranges.map(({ heading: passageHeading, range: [start, end] }, seq) => {
    const from = offsets.get(start)!;
    return {
      seq,
      start: from,
      end: offsets.get(end)!,
      heading: passageHeading,
      page: pageStarts.length > 0 ? pageAt(pageStarts, from) : null,
      body: text.slice(start, end).replaceAll("\u0000", " "),
    };
  });
}
