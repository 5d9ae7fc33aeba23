import "server-only";
import { clampSliceRequest, sliceText, type SliceRequest, type TextSlice } from "@/lib/text/slice-text";
import {
  fileStatsIfPresent,
  readFileBytes,
  readFileRange,
  readTextIfPresent,
  writeTextAtomically,
} from "./stored-files";
import { buildOffsetIndex, byteRangeOf, isOffsetIndex, type OffsetIndex } from "@/lib/text/offset-index";

/**
 * A slice of a UTF-8 text file that reads only the bytes around it, through the file's
 * offset sidecar: O(slice) whatever the offset, with `totalChars` from the sidecar. The
 * sidecar is built (reading the file once) when missing or made for other bytes, and written
 * atomically; failing to store it only costs the next read a rebuild. A file that is not
 * valid UTF-8 has no sidecar and is decoded whole, as before.
 */
export async function sliceTextFile({
  textPath,
  sidecarPath,
  ...request
}: SliceRequest & { textPath: string; sidecarPath: string }): Promise<TextSlice | null> {
  const stats = await fileStatsIfPresent(textPath);
  if (!stats?.isFile) return null;
  const file = { bytes: stats.size, mtimeMs: stats.mtimeMs };
  let index = await readSidecar(sidecarPath, file);
  if (!index) {
    const bytes = await readFileBytes(textPath);
    // Stamped with the modification time seen before reading: a file replaced meanwhile
    // (a thread output rewritten) leaves an index the next read finds stale.
    index = await buildOffsetIndex(bytes, { mtimeMs: stats.mtimeMs });
    if (!index) return sliceText(new TextDecoder("utf-8").decode(bytes), request);
    await writeTextAtomically(sidecarPath, JSON.stringify(index)).catch((error: unknown) =>
      console.warn(
        `[documents] could not store an offset sidecar (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      ),
    );
  }
  // The same clamping as sliceText, then only the window around the slice is read.
  const { offset, limit } = clampSliceRequest(request);
  if (offset >= index.chars)
    return { totalChars: index.chars, offset, returnedChars: 0, truncated: false, content: "" };
  const range = byteRangeOf(index, offset, limit);
  const window = new TextDecoder("utf-8").decode(await readFileRange(textPath, range.start, range.end));
  const part = sliceText(window, { offset: range.skipChars, limit, maxLimit: limit });
  return {
    totalChars: index.chars,
    offset,
    returnedChars: part.returnedChars,
    truncated: offset + part.returnedChars < index.chars,
    content: part.content,
  };
}

async function readSidecar(sidecarPath: string, file: { bytes: number; mtimeMs: number }): Promise<OffsetIndex | null> {
  const text = await readTextIfPresent(sidecarPath).catch(() => null);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isOffsetIndex(value, file) ? value : null;
  } catch {
    return null;
  }
}
