import { ApiError, readApiError } from "./api";

export interface DownloadedExport {
  blob: Blob;
  filename: string;
}

/**
 * GET /api/export, read as it streams so the page can show progress: bytes received against
 * the server's estimate (the files' total; the zip is streamed, so its length is unknown).
 * Chunks become Blob parts, which the browser may keep on disk rather than in the page.
 */
export async function downloadExport({
  includeTrash,
  onProgress,
  signal,
}: {
  includeTrash: boolean;
  onProgress: (progress: { receivedBytes: number; estimatedBytes: number }) => void;
  signal: AbortSignal;
}): Promise<DownloadedExport> {
  let response: Response;
  try {
    response = await fetch(`/api/export?trash=${includeTrash}`, { credentials: "same-origin", signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, { code: "network", message: "The server could not be reached." });
  }
  if (!response.ok || !response.body) throw await readApiError(response);
  const estimatedBytes = Number(response.headers.get("x-export-estimated-bytes") ?? 0);
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "workspace-export.zip";
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let receivedBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    receivedBytes += value.byteLength;
    onProgress({ receivedBytes, estimatedBytes });
  }
  return { blob: new Blob(parts, { type: "application/zip" }), filename };
}
