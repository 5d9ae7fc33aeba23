import { isUtf8 } from "node:buffer";

// Character → byte offsets of a UTF-8 text at fixed intervals, so a slice of a large text
// reads only the bytes around it instead of decoding the whole file. Characters are code
// points, like the read tools count them (lib/text/slice-text.ts). Stored as a small JSON
// sidecar in the derived/ folder of a shelf document or a thread file (lib/storage/slice-text-file.ts).

export const OFFSET_INTERVAL = 16_384;

export interface OffsetIndex {
  version: 1;
  /** The text file's size and modification time: an index made for other bytes is stale and rebuilt. */
  bytes: number;
  mtimeMs: number;
  chars: number;
  interval: number;
  /** starts[k]: the byte where character k × interval begins. */
  starts: number[];
}

/**
 * Bytes walked between turns of the event loop (≈ 8 ms of this loop on a 2-core server): the
 * walk of a 45 MB text took 380 ms in one piece, during which the server answered nobody.
 */
const BYTES_PER_TURN = 1024 * 1024;

/** The index of a UTF-8 text, or null when the bytes are not valid UTF-8 (read them whole). */
export async function buildOffsetIndex(
  bytes: Uint8Array,
  { mtimeMs, interval = OFFSET_INTERVAL }: { mtimeMs: number; interval?: number },
): Promise<OffsetIndex | null> {
  if (!isUtf8(bytes)) return null;
  // TextDecoder drops a leading byte order mark, so the text starts after it.
  let at = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const starts: number[] = [];
  let chars = 0;
  let turnEnds = at + BYTES_PER_TURN;
  while (at < bytes.length) {
    if (at >= turnEnds) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turnEnds = at + BYTES_PER_TURN;
    }
    if (chars % interval === 0) starts.push(at);
    const lead = bytes[at]!;
    at += lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    chars += 1;
  }
  return { version: 1, bytes: bytes.length, mtimeMs, chars, interval, starts };
}

/** Whether `value` is an index made for the file as it is now (its size and modification time). */
export function isOffsetIndex(value: unknown, file: { bytes: number; mtimeMs: number }): value is OffsetIndex {
  const index = value as OffsetIndex | null;
  return (
    index?.version === 1 &&
    index.bytes === file.bytes &&
    index.mtimeMs === file.mtimeMs &&
    Number.isInteger(index.chars) &&
    Number.isInteger(index.interval) &&
    Array.isArray(index.starts)
  );
}

/**
 * The byte range holding characters [offset, offset + limit) and how many characters at its
 * start precede `offset`. At most about two intervals more than the slice itself.
 */
export function byteRangeOf(
  index: OffsetIndex,
  offset: number,
  limit: number,
): { start: number; end: number; skipChars: number } {
  const first = Math.floor(offset / index.interval);
  const last = Math.ceil((offset + limit) / index.interval);
  return {
    start: index.starts[first] ?? index.bytes,
    end: last < index.starts.length ? index.starts[last]! : index.bytes,
    skipChars: offset - first * index.interval,
  };
}
