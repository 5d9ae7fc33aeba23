import { ApiError, type ApiErrorBody } from "@/lib/client/api";
import type { ChatMessage } from "@/lib/chat/chat-message";
import type { ThreadFile, ThreadFileKind } from "@/lib/thread-files/thread-file-dto";

// The chat's reads and deletes over the HTTP contract (docs/api.md). Uploads go through
// upload-file.ts instead, because fetch cannot report upload progress.

export type { ThreadFile, ThreadFileKind };

const FOLDER: Record<ThreadFileKind, "uploads" | "outputs"> = { upload: "uploads", output: "outputs" };

const threadPath = (threadId: string) => `/api/threads/${encodeURIComponent(threadId)}`;

/** Where the browser fetches a thread file's bytes; `download` forces an attachment. */
export function artifactUrl(threadId: string, kind: ThreadFileKind, filename: string, download = false): string {
  const url = `${threadPath(threadId)}/artifacts/${FOLDER[kind]}/${encodeURIComponent(filename)}`;
  return download ? `${url}?download=true` : url;
}

/** The server's error body, or a generic one when the answer was not JSON. */
export async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  const payload = (await response.json().catch(() => null)) as { error?: ApiErrorBody } | null;
  return payload?.error ?? { code: response.status === 413 ? "payload_too_large" : "internal", message: response.statusText };
}

async function send<T>(path: string, method: "GET" | "DELETE" = "GET"): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, { code: "network", message: "The server could not be reached." });
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response));
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const chatApi = {
  /** Persisted history; `createdAt` sits beside the message, so it is folded back into metadata. */
  messages: (threadId: string) =>
    send<{ messages: (ChatMessage & { createdAt?: string })[] }>(`${threadPath(threadId)}/messages`).then((r) =>
      r.messages.map(({ createdAt, ...message }) => ({ ...message, metadata: { ...message.metadata, createdAt } }) as ChatMessage),
    ),
  uploads: (threadId: string) => send<{ files: ThreadFile[] }>(`${threadPath(threadId)}/uploads`).then((r) => r.files),
  outputs: (threadId: string) => send<{ files: ThreadFile[] }>(`${threadPath(threadId)}/outputs`).then((r) => r.files),
  deleteUpload: (threadId: string, filename: string) =>
    send<void>(`${threadPath(threadId)}/uploads/${encodeURIComponent(filename)}`, "DELETE"),
};
