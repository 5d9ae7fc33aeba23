import { analyzeText } from "./analyze-text";

// A search as typed by a person or asked by the model: any words, in any order, and quoted
// phrases ("boundary layer") that must occur as written. Every word counts toward the rank;
// a phrase also filters.

export interface SearchQuery {
  /** Distinct terms of the whole query, in first-seen order. */
  lexemes: string[];
  /** tsquery texts of the quoted phrases (`'boundari' <-> 'layer'`); a passage must match each. */
  phrases: string[];
  /**
   * tsquery texts of the query's neighbouring words in order (`'boundari' <-> 'layer' | …`):
   * a passage that keeps them together ranks higher, quoted or not.
   */
  pairs: string[];
}

/** Words at most this far apart in the query make a pair; in a passage, at most one word more. */
const PAIR_DISTANCE = 2;

const QUOTED = /"([^"]*)"/g;

/** A term as a tsquery operand (lexemes hold letters, digits and marks only: no quoting needed). */
export function tsqueryOperand(lexeme: string, label = ""): string {
  return `'${lexeme}'${label ? `:${label}` : ""}`;
}

function phraseQuery(text: string): string | null {
  const terms = analyzeText(text);
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => {
      const operand = tsqueryOperand(term.lexeme);
      if (i === 0) return operand;
      const distance = term.position - terms[i - 1]!.position;
      return `${distance === 1 ? "<->" : `<${distance}>`} ${operand}`;
    })
    .join(" ");
}

export function parseSearchQuery(text: string): SearchQuery {
  const phrases: string[] = [];
  for (const [, inside] of text.matchAll(QUOTED)) {
    const phrase = phraseQuery(inside!);
    if (phrase) phrases.push(phrase);
  }
  const terms = analyzeText(text.replaceAll('"', " "));
  const lexemes = [...new Set(terms.map((term) => term.lexeme))];
  const pairs = new Set<string>();
  for (let i = 1; i < terms.length; i++) {
    const [a, b] = [terms[i - 1]!, terms[i]!];
    const distance = b.position - a.position;
    if (distance > PAIR_DISTANCE || a.lexeme === b.lexeme) continue;
    const [left, right] = [tsqueryOperand(a.lexeme), tsqueryOperand(b.lexeme)];
    pairs.add(`${left} <${distance}> ${right} | ${left} <${distance + 1}> ${right}`);
  }
  return { lexemes, phrases, pairs: [...pairs] };
}
