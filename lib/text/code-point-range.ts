/**
 * A [start, end) range counted in code points (what the agent's read tools count; see
 * lib/text/slice-text.ts) as UTF-16 offsets into the same string, for slicing it in the
 * browser. Bounds past the end clamp to the end.
 */
export function codePointRangeToUtf16(text: string, [start, end]: readonly [number, number]): [number, number] {
  let points = 0;
  let unit = 0;
  let from = text.length;
  let to = text.length;
  for (const char of text) {
    if (points === start) from = unit;
    if (points === end) {
      to = unit;
      break;
    }
    points += 1;
    unit += char.length;
  }
  return [Math.min(from, to), to];
}

/** How many code points the text has. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _char of text) count += 1;
  return count;
}
