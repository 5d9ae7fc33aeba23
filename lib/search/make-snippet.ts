import { analyzeText } from "./analyze-text";

// The piece of a passage shown with a search hit: the stretch where the query's words cluster
// most, as plain text (runs of white space folded, Markdown's emphasis, code and heading marks
// dropped), with the matched words' ranges so the UI can mark them without parsing anything.

const SNIPPET_CHARS = 240;
const LEAD_CHARS = 40;

export interface Snippet {
  snippet: string;
  /** [start, end) UTF-16 ranges in `snippet` of the words that matched the query. */
  highlights: [number, number][];
}

function isDropped(text: string, index: number): boolean {
  const char = text[index]!;
  if (char === "*" || char === "`") return true;
  if (char === "#" || char === ">") {
    // Only as a line's mark: at the start of a line, after spaces.
    for (let i = index - 1; i >= 0; i--) {
      if (text[i] === "\n") return true;
      if (text[i] !== " " && text[i] !== "\t" && text[i] !== "#" && text[i] !== ">") return false;
    }
    return true;
  }
  return false;
}

/** The window [from, to) of `body` as display text, with the given ranges carried over. */
function render(body: string, from: number, to: number, ranges: [number, number][]): Snippet {
  let out = "";
  const at = new Map<number, number>();
  for (let i = from; i < to; i++) {
    at.set(i, out.length);
    if (isDropped(body, i)) continue;
    if (/\s/.test(body[i]!)) {
      if (out.length > 0 && !out.endsWith(" ")) out += " ";
      continue;
    }
    out += body[i];
  }
  at.set(to, out.length);
  const lead = from > 0 ? "…" : "";
  const tail = to < body.length ? "…" : "";
  const trimmed = out.trimEnd();
  const highlights = ranges
    .map(([start, end]): [number, number] => [
      at.get(start)! + lead.length,
      Math.min(at.get(end)!, trimmed.length) + lead.length,
    ])
    .filter(([start, end]) => end > start);
  return { snippet: `${lead}${trimmed}${tail}`, highlights };
}

export function makeSnippet(body: string, lexemes: readonly string[]): Snippet {
  const wanted = new Set(lexemes);
  const matched = analyzeText(body).filter((term) => wanted.has(term.lexeme));
  if (matched.length === 0) return render(body, 0, Math.min(body.length, SNIPPET_CHARS), []);
  // The window holding the most distinct query words (earliest on ties).
  let bestStart = matched[0]!.start;
  let bestCount = 0;
  for (let i = 0; i < matched.length; i++) {
    const start = matched[i]!.start;
    const inWindow = new Set<string>();
    for (let j = i; j < matched.length && matched[j]!.end <= start + SNIPPET_CHARS - LEAD_CHARS; j++)
      inWindow.add(matched[j]!.lexeme);
    if (inWindow.size > bestCount) {
      bestCount = inWindow.size;
      bestStart = start;
    }
  }
  let from = Math.max(0, bestStart - LEAD_CHARS);
  // Start at a word boundary when the window cuts into a word.
  while (from > 0 && from < bestStart && /\S/.test(body[from - 1]!)) from += 1;
  let to = Math.min(body.length, from + SNIPPET_CHARS);
  while (to < body.length && to > from + SNIPPET_CHARS - 20 && /\S/.test(body[to]!)) to -= 1;
  if (/[\ud800-\udbff]/.test(body[to - 1] ?? "")) to -= 1;
  const ranges = matched
    .filter((term) => term.start >= from && term.end <= to)
    .map((term): [number, number] => [term.start, term.end]);
  return render(body, from, to, ranges);
}
