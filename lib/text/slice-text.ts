// Paging through a text for the read tools (read_project_document, read_thread_file).
// Offsets and lengths count Unicode code points, not UTF-16 units, so a page never splits
// an emoji or a CJK extension character in half and the counts mean what the model thinks
// "characters" means. Out-of-range requests are clamped rather than refused: the model gets
// a usable page and the numbers to correct its next call.

export const DEFAULT_SLICE_LIMIT = 8000;
export const MAX_SLICE_LIMIT = 20000;

export interface SliceRequest {
  offset?: number;
  limit?: number;
  /** Upper clamp for `limit`; the tools use 20000. */
  maxLimit?: number;
}

export interface TextSlice {
  totalChars: number;
  offset: number;
  returnedChars: number;
  truncated: boolean;
  content: string;
}

function wholeNumberOr(value: number | undefined, fallback: number): number {
  return value === undefined || !Number.isFinite(value) ? fallback : Math.floor(value);
}

/** The request's offset and limit after clamping (shared with slices read through an offset sidecar). */
export function clampSliceRequest(request: SliceRequest): { offset: number; limit: number } {
  const maxLimit = Math.max(1, wholeNumberOr(request.maxLimit, MAX_SLICE_LIMIT));
  const limit = Math.min(maxLimit, Math.max(1, wholeNumberOr(request.limit, DEFAULT_SLICE_LIMIT)));
  return { offset: Math.max(0, wholeNumberOr(request.offset, 0)), limit };
}

export function sliceText(text: string, request: SliceRequest = {}): TextSlice {
  const { offset, limit } = clampSliceRequest(request);

  // One pass: count code points and remember where the page starts and ends in UTF-16 units.
  let totalChars = 0;
  let startUnit = text.length;
  let endUnit = text.length;
  let unit = 0;
  for (const char of text) {
    if (totalChars === offset) startUnit = unit;
    if (totalChars === offset + limit) endUnit = unit;
    totalChars += 1;
    unit += char.length;
  }

  if (offset >= totalChars) {
    return { totalChars, offset, returnedChars: 0, truncated: false, content: "" };
  }
  const returnedChars = Math.min(limit, totalChars - offset);
  return {
    totalChars,
    offset,
    returnedChars,
    truncated: offset + returnedChars < totalChars,
    content: text.slice(startUnit, endUnit),
  };
}
