/**
 * A note's text for a label (a button's accessible name): one line of what a reader sees, its
 * Markdown marks (emphasis, code, headings, quotes, list bullets, link targets) left out, short
 * enough for a screen reader to say.
 */
export function noteLabelText(text: string): string {
  const plain = text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/(\*\*|\*|~~|`)(?=\S)([^]*?\S)\1/g, "$2")
    // Underscores emphasise only at word edges: snake_case stays as written.
    .replace(/(^|[^\p{L}\p{N}_])(__|_)(?=\S)([^]*?\S)\2(?![\p{L}\p{N}_])/gu, "$1$3")
    .replace(/`/g, "");
  const line = plain.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
