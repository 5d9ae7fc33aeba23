import { UploadError, postFormWithProgress } from "./upload-file";
import type { ApiErrorBody } from "./api";

export interface ImportSummary {
  projects: number;
  documents: number;
  threads: number;
}

/** Why an import did not happen; each kind gets its own sentence on the home page. */
export type ImportFailure =
  | { kind: "tooLarge" }
  | { kind: "refused"; reason: string; message: string }
  | { kind: "network" }
  | { kind: "aborted" }
  | { kind: "server"; message: string };

export class ImportError extends Error {
  constructor(readonly failure: ImportFailure) {
    super(failure.kind);
    this.name = "ImportError";
  }
}

/**
 * POST /api/import with upload progress. Once progress reaches 1 the server is unpacking and
 * recreating everything, which the page shows as a second phase until this resolves.
 */
export async function importArchive({
  file,
  onProgress,
  signal,
}: {
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}): Promise<ImportSummary> {
  const form = new FormData();
  form.append("file", file, file.name);
  let answer;
  try {
    answer = await postFormWithProgress({ url: "/api/import", form, onProgress, signal });
  } catch (error) {
    throw new ImportError(
      error instanceof UploadError && error.failure.kind === "aborted" ? { kind: "aborted" } : { kind: "network" },
    );
  }
  const body = answer.body as (Partial<ImportSummary> & { error?: ApiErrorBody }) | null;
  if (answer.status === 201 && body && typeof body.projects === "number") return body as ImportSummary;
  if (answer.status === 413) throw new ImportError({ kind: "tooLarge" });
  const detail = Array.isArray(body?.error?.details)
    ? (body.error.details as { reason?: string; message?: string }[])[0]
    : undefined;
  if (answer.status === 422 && detail?.reason)
    throw new ImportError({ kind: "refused", reason: detail.reason, message: detail.message ?? "" });
  throw new ImportError({ kind: "server", message: body?.error?.message ?? "" });
}
