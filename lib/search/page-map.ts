// Where each page of a converted PDF starts. pdf.js's text extraction (through markitdown-ts)
// ends every page with a line `-- k of n --`; the next page starts after it. Derived from the
// text itself, so conversions cached before page maps existed get one when they are indexed.

const MARKER_LINE = /^-- (\d+) of (\d+) --[ \t]*$/gm;

/**
 * Code-point offsets at which pages 1..n start (page 1 at 0), or [] when the text does not
 * carry one marker per page in order (not a PDF's conversion).
 */
export function pdfPageStarts(text: string): number[] {
  const starts = [0];
  let expected = 1;
  let total: number | null = null;
  let unit = 0;
  let points = 0;
  for (const match of text.matchAll(MARKER_LINE)) {
    const page = Number(match[1]);
    const of = Number(match[2]);
    if (page !== expected || (total !== null && of !== total)) return [];
    total = of;
    expected += 1;
    const after = match.index + match[0].length;
    while (unit < after) {
      const code = text.charCodeAt(unit);
      unit += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      points += 1;
    }
    if (page < of) starts.push(points);
  }
  if (total === null || expected !== total + 1) return [];
  return starts;
}

/** The 1-based page holding a code-point offset. */
export function pageAt(pageStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = pageStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (pageStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}
