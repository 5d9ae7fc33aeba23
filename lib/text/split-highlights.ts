export interface TextPart {
  text: string;
  marked: boolean;
}

/**
 * `text` cut at the given [start, end) ranges into plain and marked parts, in order: ranges
 * out of bounds are clamped, empty ones dropped, overlapping or touching ones merged, so a
 * search snippet marks its matched words without the UI parsing anything.
 */
export function splitHighlights(text: string, ranges: readonly (readonly [number, number])[]): TextPart[] {
  const sorted = ranges
    .map(([start, end]): [number, number] => [Math.max(0, start), Math.min(text.length, end)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const parts: TextPart[] = [];
  let from = 0;
  for (const [start, end] of merged) {
    if (start > from) parts.push({ text: text.slice(from, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    from = end;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from), marked: false });
  return parts;
}
