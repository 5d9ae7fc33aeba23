import { analyzeText } from "./analyze-text";

// A passage's terms as a tsvector literal for document_passage.terms. The GIN index finds
// passages holding a term; BM25 also needs how often each term occurs, which a tsvector only
// keeps as positions, so the count is written into the weight label of every position too:
// D once, C twice, B three or four times, A five or more (lib/search/rank-sql.ts reads it back).
// tsvector keeps at most 256 positions per term and none past 16,383.

const MAX_POSITIONS = 256;
const MAX_POSITION = 16383;
/**
 * The column is stored inline and uncompressed (migration passage_search), so a passage's
 * tsvector must fit in a page with its row. Past this many bytes, each term keeps one position
 * (its frequency still counted by its label); quoted phrases may then miss it.
 */
const MAX_TSVECTOR_BYTES = 6000;

export function weightLabel(count: number): "A" | "B" | "C" | "" {
  if (count >= 5) return "A";
  if (count >= 3) return "B";
  if (count === 2) return "C";
  return "";
}

/** The term frequency each weight label stands for in scoring. */
export const LABEL_FREQUENCY = { A: 6, B: 3.5, C: 2, D: 1 } as const;

export interface PassageTerms {
  /** tsvector input syntax: `'lexeme':1,5 'other':2C,7C`. */
  literal: string;
  /** How many terms the passage has (BM25's document length). */
  termCount: number;
}

export function passageTerms(text: string): PassageTerms {
  const positions = new Map<string, number[]>();
  const terms = analyzeText(text);
  for (const term of terms) {
    const list = positions.get(term.lexeme);
    if (list) list.push(term.position);
    else positions.set(term.lexeme, [term.position]);
  }
  // tsvector's layout: a 4-byte entry per term, its bytes, then 2 bytes of count and 2 per position.
  let bytes = 8;
  for (const [lexeme, list] of positions)
    bytes += 4 + Buffer.byteLength(lexeme) + 4 + 2 * Math.min(list.length, MAX_POSITIONS);
  const maxPositions = bytes > MAX_TSVECTOR_BYTES ? 1 : MAX_POSITIONS;
  const entries: string[] = [];
  for (const [lexeme, list] of positions) {
    const label = weightLabel(list.length);
    const kept = list.slice(0, maxPositions).map((position) => `${Math.min(position, MAX_POSITION)}${label}`);
    // Lexemes are letters, digits and marks only (./analyze-text), never a quote or backslash.
    entries.push(`'${lexeme}':${kept.join(",")}`);
  }
  return { literal: entries.join(" "), termCount: terms.length };
}
