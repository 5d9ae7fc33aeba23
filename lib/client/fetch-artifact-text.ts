import { readApiError } from "@/lib/client/api";

/** How much of a text file the preview reads before offering "Load all". */
export const PREVIEW_TEXT_CAP_BYTES = 200 * 1024;

export interface ArtifactText {
  text: string;
  /** True when the file is longer than what was read. */
  truncated: boolean;
}

/**
 * Reads a text artifact, stopping after `capBytes` (null: everything) so a huge log does not
 * freeze the dialog. Decoding in streaming mode drops a multi-byte character cut at the cap
 * instead of showing a replacement glyph.
 */
export async function fetchArtifactText(
  url: string,
  capBytes: number | null,
  signal?: AbortSignal,
): Promise<ArtifactText> {
  const response = await fetch(url, { credentials: "same-origin", signal });
  if (!response.ok) throw await readApiError(response);
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let received = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (capBytes !== null && received + value.byteLength > capBytes) {
      text += decoder.decode(value.subarray(0, capBytes - received), { stream: true });
      truncated = true;
      await reader.cancel();
      break;
    }
    received += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  if (!truncated) text += decoder.decode();
  return { text, truncated };
}
