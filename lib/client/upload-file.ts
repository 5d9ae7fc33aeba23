export type UploadFailure =
  { kind: "tooLarge" } | { kind: "aborted" } | { kind: "network" } | { kind: "server"; message: string };

export class UploadError extends Error {
  constructor(readonly failure: UploadFailure) {
    super(failure.kind === "server" ? failure.message : failure.kind);
    this.name = "UploadError";
  }
}

export interface UploadResponse {
  status: number;
  /** The parsed JSON answer, or null when there was none. */
  body: unknown;
}

/**
 * Posts a multipart form and reports upload progress. XMLHttpRequest rather than fetch
 * because only XHR reports upload progress in browsers. Resolves with whatever the server
 * answered, so each caller maps its own endpoint's statuses; rejects only when no answer
 * came (network failure or abort).
 */
export function postFormWithProgress({
  url,
  form,
  onProgress,
  signal,
}: {
  url: string;
  form: FormData;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = () => reject(new UploadError({ kind: "network" }));
    xhr.onabort = () => reject(new UploadError({ kind: "aborted" }));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
