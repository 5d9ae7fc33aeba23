import { stemmer } from "@orama/stemmers/english";
import { eng as englishStopWords } from "stopword";

// Text → search terms, one function for passages and queries alike, in JavaScript rather than
// in each database's text-search parser: PGlite and PostgreSQL then index and match exactly the
// same terms (their bundled parsers and stemmers differ by version), and scripts written
// without spaces get terms of their own.
//
// - Latin-script and other spaced words: lower-cased, accents removed, English stop words
//   dropped, the rest stemmed (Snowball English: "models" and "modelling" meet at "model").
// - Han, Hiragana and Katakana runs, which have no spaces between words: overlapping character
//   pairs ("项目管理" → 项目 目管 管理), the usual indexing of unsegmented text, so any word of
//   two or more characters in a query meets the same pairs in the text.
// - Every word, stop words included, takes a position, so quoted phrases match words in order.

export interface Term {
  /** The indexed form: a stem, a number, or a character pair. */
  lexeme: string;
  /** Word position, counting from 1 (tsvector positions start at 1). */
  position: number;
  /** Where its word (or character pair) is in the text: UTF-16 indices [start, end). */
  start: number;
  end: number;
}

const STOP_WORDS = new Set(englishStopWords);
/** Words longer than this are noise (hashes, base64, run-together tables), never queried. */
const MAX_WORD_CHARS = 40;
/** A word: letters, digits and combining marks. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSEGMENTED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const LATIN_LETTERS = /^[a-z]+$/;

function foldWord(word: string): string {
  return word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The terms of a text, in order. Pure and deterministic. */
export function analyzeText(text: string): Term[] {
  const terms: Term[] = [];
  let position = 0;
  const addWord = (word: string, start: number) => {
    position += 1;
    const folded = foldWord(word);
    if (folded.length === 0 || folded.length > MAX_WORD_CHARS || STOP_WORDS.has(folded)) return;
    const lexeme = LATIN_LETTERS.test(folded) ? stemmer(folded) : folded;
    terms.push({ lexeme, position, start, end: start + word.length });
  };
  const addUnsegmented = (run: string, start: number) => {
    const chars = [...run];
    if (chars.length === 1) {
      position += 1;
      terms.push({ lexeme: run, position, start, end: start + run.length });
      return;
    }
    let at = start;
    for (let i = 0; i + 1 < chars.length; i++) {
      position += 1;
      const pair = chars[i]! + chars[i + 1]!;
      terms.push({ lexeme: pair, position, start: at, end: at + pair.length });
      at += chars[i]!.length;
    }
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    let last = 0;
    for (const run of word.matchAll(UNSEGMENTED)) {
      if (run.index > last) addWord(word.slice(last, run.index), match.index + last);
      addUnsegmented(run[0], match.index + run.index);
      last = run.index + run[0].length;
    }
    if (last < word.length) addWord(word.slice(last), match.index + last);
  }
  return terms;
}
