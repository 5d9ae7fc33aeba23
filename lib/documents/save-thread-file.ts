import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { projectStagingDir } from "@/lib/storage/layout";
import { removeFileIfPresent, streamToStaging } from "@/lib/storage/staging";
import { normaliseFileName } from "@/lib/files/file-name";
import { openThreadFile } from "@/lib/thread-files/open-thread-file";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { requireOwnedProject } from "@/lib/projects/require-owned-project";
import type { PlacedDocument } from "./document-dto";
import { placeStagedDocument } from "./place-document";

export interface SaveThreadFileInput {
  userId: string;
  projectId: string;
  threadId: string;
  kind: "upload" | "output";
  name: string;
  /** The name on the shelf; defaults to the file's own name. Same rules (422). */
  shelfName?: string;
}

function emptyFile(): AppError {
  return new AppError("bad_request", "The file is empty; an empty file cannot be saved to the project.");
}

/**
 * POST /api/projects/{id}/documents/from-thread ("Save to project"): copies a thread file
 * onto the shelf, recording where it came from. The source is only read, never moved: the
 * bytes are streamed into the project's staging (hash, size limit) and placed like an upload.
 * A thread the caller cannot read, or a name outside that thread's own folder, is 404; an
 * empty file is 400, as for an upload.
 */
export async function saveThreadFileToProject({
  userId,
  projectId,
  threadId,
  kind,
  name,
  shelfName,
}: SaveThreadFileInput): Promise<PlacedDocument> {
  const documentName = shelfName === undefined ? null : normaliseFileName(shelfName, "shelfName");
  await requireOwnedProject(await getDb(), { projectId, userId, scope: "active" });
  await getThreadOrThrow({ threadId, userId });
  const file = await openThreadFile({ userId, threadId, kind, name });
  if (file.sizeBytes === 0) {
    await file.stream.cancel().catch(() => {});
    throw emptyFile();
  }
  const staged = await streamToStaging({
    stagingDir: projectStagingDir({ userId, projectId }),
    source: file.stream,
    maxBytes: config().uploadMaxBytes,
  });
  if (staged.sizeBytes === 0) {
    await removeFileIfPresent(staged.path);
    throw emptyFile();
  }
  return placeStagedDocument({
    userId,
    projectId,
    staged,
    name: documentName ?? file.name,
    source: { sourceThreadId: threadId, sourceKind: kind, sourceName: file.name },
  });
}
