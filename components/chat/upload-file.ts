import type { ThreadFile } from "./chat-api";

export type UploadFailure = { kind: "tooLarge" } | { kind: "aborted" } | { kind: "network" } | { kind: "server"; message: string };

export class UploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind === "server" ? failure.message : failure.kind);
    this.name = "UploadError";
  }
}

/**
 * One file to the thread's uploads. XMLHttpRequest rather than fetch because only XHR reports
 * upload progress in browsers. Resolves with the stored file, whose name may carry a `_1`
 * suffix when the thread already had one of that name.
 */
export function uploadThreadFile({
  threadId,
  file,
  onProgress,
  signal,
}: {
  threadId: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<ThreadFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/threads/${encodeURIComponent(threadId)}/uploads`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { files?: ThreadFile[]; error?: { message?: string } } | null;
      if (xhr.status === 201 && body?.files?.[0]) return resolve(body.files[0]);
      if (xhr.status === 413) return reject(new UploadError({ kind: "tooLarge" }));
      reject(new UploadError({ kind: "server", message: body?.error?.message ?? `HTTP ${xhr.status}` }));
    };
    xhr.onerror = () => reject(new UploadError({ kind: "network" }));
    xhr.onabort = () => reject(new UploadError({ kind: "aborted" }));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("files", file, file.name);
    xhr.send(form);
  });
}
