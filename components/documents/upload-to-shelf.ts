import { UploadError, postFormWithProgress } from "@/lib/client/upload-file";
import { documentUploadUrl, type ApiErrorBody, type FieldIssue, type ProjectDocument } from "@/lib/client/api";

/** Why one file did not reach the shelf; each kind gets its own sentence in the tab. */
export type ShelfUploadFailure =
  | { kind: "tooLarge" }
  | { kind: "badName"; message: string }
  | { kind: "unavailable" }
  | { kind: "empty" }
  | { kind: "network" }
  | { kind: "aborted" }
  | { kind: "server"; message: string };

export class ShelfUploadError extends Error {
  constructor(readonly failure: ShelfUploadFailure) {
    super(failure.kind);
    this.name = "ShelfUploadError";
  }
}

export interface ShelfUploadResult {
  document: ProjectDocument;
  /** True when identical bytes were already on the shelf: that row (and its name) won. */
  deduplicated: boolean;
}

/** The 422's own sentence about the name (api.md: details name the field and why). */
function nameMessage(error: ApiErrorBody | undefined): string {
  const issues = Array.isArray(error?.details) ? (error.details as FieldIssue[]) : [];
  return issues.find((issue) => issue?.path === "name")?.message ?? issues[0]?.message ?? error?.message ?? "";
}

/** One file to a project's shelf, one request (the API takes exactly one file per upload). */
export async function uploadToShelf({
  projectId,
  file,
  onProgress,
  signal,
}: {
  projectId: string;
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<ShelfUploadResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  let answer;
  try {
    answer = await postFormWithProgress({ url: documentUploadUrl(projectId), form, onProgress, signal });
  } catch (error) {
    throw new ShelfUploadError(error instanceof UploadError && error.failure.kind === "aborted" ? { kind: "aborted" } : { kind: "network" });
  }
  const { status } = answer;
  const body = answer.body as (Partial<ShelfUploadResult> & { error?: ApiErrorBody }) | null;
  if ((status === 200 || status === 201) && body?.document) return { document: body.document, deduplicated: status === 200 };
  if (status === 413) throw new ShelfUploadError({ kind: "tooLarge" });
  if (status === 422) throw new ShelfUploadError({ kind: "badName", message: nameMessage(body?.error) });
  // A 404 on upload means the project is archived (or gone): uploads are refused there.
  if (status === 404) throw new ShelfUploadError({ kind: "unavailable" });
  if (status === 400 && file.size === 0) throw new ShelfUploadError({ kind: "empty" });
  throw new ShelfUploadError({ kind: "server", message: body?.error?.message ?? `HTTP ${status}` });
}
