import { getToolName, isToolUIPart } from "ai";
import type { StoredCitation, ThreadMessage } from "./thread-message";
import { READ_PROJECT_DOCUMENT, READ_THREAD_FILE, SEARCH_PROJECT_DOCUMENTS } from "./tool-names";

// The citations of one answer (docs/architecture.md § "Citations"): each [n] its text uses that a
// tool of the same turn handed the model as `cite: n`, with what the number points at. Pure:
// derived from the answer's own parts, like its sources, so a number the model invented (no such
// `cite` in its turn) points at nothing and is not listed. Shared by the server (what is stored)
// and the browser (chips while the answer streams).

type Part = ThreadMessage["parts"][number];

export const QUOTE_MAX_CHARS = 300;
/** `[3]`, and `[2, 5]` or `[2][5]` for several. */
const MARKER = /\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g;

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const whole = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;

function quoteOf(text: unknown): string {
  if (typeof text !== "string") return "";
  const folded = text.replace(/\s+/g, " ").trim();
  const points = [...folded];
  return points.length <= QUOTE_MAX_CHARS ? folded : `${points.slice(0, QUOTE_MAX_CHARS - 1).join("")}…`;
}

/** Every passage a part's tool output numbered, by number. */
function citedIn(part: Part): StoredCitation[] {
  if (!isToolUIPart(part) || part.state !== "output-available") return [];
  const input = asRecord(part.input);
  const output = asRecord(part.output);
  if (!input || !output || "error" in output) return [];
  const name = getToolName(part);
  const cite = whole(output.cite);
  const offset = whole(output.offset);
  const returned = whole(output.returnedChars);
  if (
    name === READ_PROJECT_DOCUMENT &&
    cite !== null &&
    offset !== null &&
    returned !== null &&
    typeof input.documentId === "string"
  ) {
    return [
      {
        n: cite,
        kind: "document",
        documentId: input.documentId,
        name: String(output.name),
        start: offset,
        end: offset + returned,
        page: whole(output.page),
        quote: quoteOf(output.content),
      },
    ];
  }
  if (
    name === READ_THREAD_FILE &&
    cite !== null &&
    offset !== null &&
    returned !== null &&
    (input.kind === "upload" || input.kind === "output")
  ) {
    return [
      {
        n: cite,
        kind: input.kind,
        documentId: null,
        name: String(output.name),
        start: offset,
        end: offset + returned,
        page: null,
        quote: quoteOf(output.content),
      },
    ];
  }
  if (name === SEARCH_PROJECT_DOCUMENTS && Array.isArray(output.results)) {
    return output.results.flatMap((result): StoredCitation[] => {
      const hit = asRecord(result);
      const n = whole(hit?.cite);
      const start = whole(hit?.offset);
      const end = whole(hit?.end);
      if (!hit || n === null || start === null || end === null || typeof hit.documentId !== "string") return [];
      return [
        {
          n,
          kind: "document",
          documentId: hit.documentId,
          name: String(hit.name),
          start,
          end,
          page: whole(hit.page),
          quote: quoteOf(hit.snippet),
        },
      ];
    });
  }
  return [];
}

/** Where a text has citation markers, each with the numbers it names. */
export function citationMarkers(text: string): { start: number; end: number; numbers: number[] }[] {
  return [...text.matchAll(MARKER)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    numbers: match[1]!.split(",").map((n) => Number(n.trim())),
  }));
}

/** The numbers a text cites, in order of first use. */
export function citedNumbers(text: string): number[] {
  return [...new Set(citationMarkers(text).flatMap((marker) => marker.numbers))];
}

/** What each number handed out in these parts points at (the first passage given it). */
export function citablePassages(parts: readonly Part[]): Map<number, StoredCitation> {
  const byNumber = new Map<number, StoredCitation>();
  for (const part of parts)
    for (const citation of citedIn(part)) if (!byNumber.has(citation.n)) byNumber.set(citation.n, citation);
  return byNumber;
}

/** The answer's citations: the numbers its text uses that its tools handed out, by number. */
export function extractCitations(parts: readonly Part[]): StoredCitation[] {
  const text = parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  const citable = citablePassages(parts);
  return citedNumbers(text)
    .flatMap((n) => {
      const citation = citable.get(n);
      return citation ? [citation] : [];
    })
    .sort((a, b) => a.n - b.n);
}
