// How a document's text is laid out for search (tables document_text, document_text_chunk).

/** Longest accepted query, in characters (api.md: `q` is 1..200 characters). */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** Characters per chunk row. */
export const CHUNK_CHARS = 4000;
/**
 * Chunks start this far apart, so each overlaps the next by the longest query: a match that
 * starts inside [start, start + stride) ends inside its chunk.
 */
export const CHUNK_STRIDE = CHUNK_CHARS - SEARCH_QUERY_MAX_CHARS;
/** Context around a match in a snippet, in characters. */
export const SNIPPET_BEFORE = 60;
export const SNIPPET_AFTER = 100;

export interface TextChunk {
  seq: number;
  /** Offset of the chunk's first character in the text, in code points. */
  start: number;
  body: string;
}

/**
 * Cuts a text into overlapping chunks of CHUNK_CHARS code points every CHUNK_STRIDE, up to
 * `maxChars` of it. Offsets count code points, like the read tools' (lib/text/slice-text).
 * NUL, which PostgreSQL text cannot hold, becomes a space so offsets stay put.
 */
export function chunkText(
  text: string,
  maxChars: number,
): { chunks: TextChunk[]; indexedChars: number; truncated: boolean } {
  // Code unit index of every stride boundary (and of the cut), found in one pass.
  const boundaries: number[] = [];
  let chars = 0;
  let unit = 0;
  for (const char of text) {
    if (chars === maxChars) break;
    if (chars % CHUNK_STRIDE === 0) boundaries.push(unit);
    chars += 1;
    unit += char.length;
  }
  const end = unit;
  const chunks = boundaries.map((from, seq) => {
    // A chunk reaches one overlap past the next boundary (or to the cut).
    const next = boundaries[seq + 1];
    let to = end;
    if (next !== undefined) {
      to = next;
      let extra = 0;
      while (extra < CHUNK_CHARS - CHUNK_STRIDE && to < end) {
        to += text.codePointAt(to)! > 0xffff ? 2 : 1;
        extra += 1;
      }
    }
    return { seq, start: seq * CHUNK_STRIDE, body: text.slice(from, to).replaceAll("\u0000", " ") };
  });
  return { chunks, indexedChars: chars, truncated: end < text.length };
}
