import {
  documentUploadUrl,
  shelfArchiveUploadUrl,
  type ApiErrorBody,
  type ArchiveLanding,
  type FieldIssue,
  type ProjectDocument,
  type ThreadFile,
} from "./api";
import { serverReason } from "./server-reason";
import { postFormWithProgress, UploadError } from "./upload-file";

// The browser tab's one upload manager, for the shelf and for chat attachments alike. It
// lives at module level, outside any component, so moving between tabs, projects and chats
// never cancels a transfer: only the person (cancel) or closing the tab does, and the
// workspace asks before the tab closes while anything is in flight (components/files/upload-tray).
// Components read it through useSyncExternalStore (./use-uploads) and react to its events.

export type UploadTarget = { kind: "shelf"; projectId: string } | { kind: "thread"; threadId: string };

/** Why one file did not arrive; each kind gets its own sentence in the UI. */
export type FileUploadFailure =
  | { kind: "tooLarge" }
  | { kind: "empty" }
  | { kind: "badName"; message: string }
  | { kind: "unavailable" }
  | { kind: "network" }
  | { kind: "server"; message: string };

export interface Upload {
  id: string;
  batchId: string;
  target: UploadTarget;
  name: string;
  sizeBytes: number;
  /** "added": stored; "deduplicated": identical bytes were already on the shelf (that row won). */
  status: "queued" | "uploading" | "added" | "deduplicated" | "error";
  /** 0..1 while uploading. */
  progress: number;
  failure?: FileUploadFailure;
  /** Shelf uploads: the document's name on the shelf (on a dedup hit, the existing one's). */
  shelfName?: string;
  /** Thread uploads: the stored file (its name may carry a `_1` suffix). */
  threadFile?: ThreadFile;
  /** Shelf uploads from a dropped or picked folder: the file's path inside it (`Folder/a/b.txt`). */
  path?: string;
  /** A zip dropped on a shelf lands on the server file by file: what it made, found and refused. */
  landing?: ArchiveLanding;
}

/** A zip dropped on a shelf is landed file by file into folders, not kept as one document. */
export const isShelfArchive = (name: string) => /\.zip$/i.test(name);

export const isActive = (upload: Upload) => upload.status === "queued" || upload.status === "uploading";

type Listener = () => void;
type SettledListener = (upload: Upload) => void;
type BatchListener = (uploads: Upload[]) => void;

let uploads: Upload[] = [];
let nextId = 0;
const files = new Map<string, File>();
const controllers = new Map<string, AbortController>();
/** Shelf uploads go one at a time per project: the server locks the project per upload. */
const shelfLanes = new Map<string, Promise<void>>();
const listeners = new Set<Listener>();
const settledListeners = new Set<SettledListener>();
const batchListeners = new Set<BatchListener>();

function publish(next: Upload[]) {
  uploads = next;
  listeners.forEach((listener) => listener());
}

function update(id: string, patch: Partial<Upload>) {
  publish(uploads.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));
}

function settle(id: string, patch: Partial<Upload>) {
  update(id, patch);
  files.delete(id);
  controllers.delete(id);
  const upload = uploads.find((candidate) => candidate.id === id);
  if (!upload) return;
  settledListeners.forEach((listener) => listener(upload));
  const batch = uploads.filter((candidate) => candidate.batchId === upload.batchId);
  if (!batch.some(isActive)) batchListeners.forEach((listener) => listener(batch));
}

/** The fields that carry a file's name or its folders' names. */
const NAME_FIELDS = new Set(["name", "filename", "path"]);

/** A 422's own sentence about the file's name (its details name the field and why: docs/architecture.md § "HTTP surface"), if that was the trouble. */
function nameIssue(error: ApiErrorBody | undefined): string | null {
  const issues = Array.isArray(error?.details) ? (error.details as FieldIssue[]) : [];
  return issues.find((issue) => NAME_FIELDS.has(issue?.path))?.message ?? null;
}

async function transfer(upload: Upload, file: File, signal: AbortSignal): Promise<Partial<Upload>> {
  const form = new FormData();
  const thread = upload.target.kind === "thread";
  const archive = !thread && !upload.path && isShelfArchive(file.name);
  // The path before the file: the server reads fields as they come.
  if (upload.path) form.append("path", upload.path);
  form.append(thread ? "files" : "file", file, file.name);
  const url =
    upload.target.kind === "thread"
      ? `/api/threads/${encodeURIComponent(upload.target.threadId)}/uploads`
      : archive
        ? shelfArchiveUploadUrl(upload.target.projectId)
        : documentUploadUrl(upload.target.projectId);
  const { status, body } = await postFormWithProgress({
    url,
    form,
    signal,
    onProgress: (progress) => update(upload.id, { progress }),
  });
  const answer = body as
    ({ files?: ThreadFile[]; document?: ProjectDocument; error?: ApiErrorBody } & Partial<ArchiveLanding>) | null;
  if (archive && status === 201 && answer?.created)
    return { status: "added", progress: 1, landing: answer as ArchiveLanding };
  if (thread && status === 201 && answer?.files?.[0])
    return { status: "added", progress: 1, threadFile: answer.files[0] };
  if (!thread && (status === 200 || status === 201) && answer?.document) {
    return { status: status === 200 ? "deduplicated" : "added", progress: 1, shelfName: answer.document.name };
  }
  const fail = (failure: FileUploadFailure): Partial<Upload> => ({ status: "error", failure });
  if (status === 413) return fail({ kind: "tooLarge" });
  const badName = status === 422 ? nameIssue(answer?.error) : null;
  if (badName) return fail({ kind: "badName", message: badName });
  // A 404 means the project is archived or gone (or the chat deleted): nothing to upload into.
  if (status === 404) return fail({ kind: "unavailable" });
  // Any other refusal says why in the server's words (a damaged image: "The image could not be read…").
  return fail({
    kind: "server",
    message: serverReason(status, answer?.error) ?? answer?.error?.message ?? `HTTP ${status}`,
  });
}

async function run(id: string): Promise<void> {
  const upload = uploads.find((candidate) => candidate.id === id);
  const file = files.get(id);
  // Cancelled while it waited.
  if (!upload || !file || upload.status !== "queued") return;
  const controller = new AbortController();
  controllers.set(id, controller);
  update(id, { status: "uploading" });
  try {
    settle(id, await transfer(upload, file, controller.signal));
  } catch (error) {
    // Cancelled: cancel() already removed it.
    if (error instanceof UploadError && error.failure.kind === "aborted") return;
    settle(id, { status: "error", failure: { kind: "network" } });
  }
}

export const uploadManager = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  snapshot(): Upload[] {
    return uploads;
  },

  /** Called with each upload as it finishes (to refresh what it changed). */
  onSettled(listener: SettledListener): () => void {
    settledListeners.add(listener);
    return () => settledListeners.delete(listener);
  },

  /** Called once per batch (the files of one drop or pick) when its last file finishes. */
  onBatchEnd(listener: BatchListener): () => void {
    batchListeners.add(listener);
    return () => batchListeners.delete(listener);
  },

  /**
   * Starts a batch. Empty files and files over `maxBytes` are refused the moment they are
   * added; the rest upload (shelf: one after another per project; chat: side by side).
   */
  add(
    target: UploadTarget,
    picked: File[],
    { maxBytes, paths }: { maxBytes: number; paths?: readonly (string | null)[] },
  ): void {
    if (picked.length === 0) return;
    const batchId = `batch-${++nextId}`;
    const added = picked.map((file, index): Upload => {
      const path = target.kind === "shelf" ? (paths?.[index] ?? undefined) : undefined;
      const base = {
        id: `upload-${++nextId}`,
        batchId,
        target,
        name: path ?? file.name,
        sizeBytes: file.size,
        progress: 0,
        ...(path ? { path } : {}),
      };
      // A zip for the shelf is judged by the server's archive limits, not the one-file limit.
      const archive = target.kind === "shelf" && !path && isShelfArchive(file.name);
      if (file.size === 0) return { ...base, status: "error", failure: { kind: "empty" } };
      if (!archive && maxBytes > 0 && file.size > maxBytes)
        return { ...base, status: "error", failure: { kind: "tooLarge" } };
      files.set(base.id, file);
      return { ...base, status: "queued" };
    });
    publish([...uploads, ...added]);
    if (!added.some(isActive)) batchListeners.forEach((listener) => listener(added));
    for (const upload of added.filter(isActive)) {
      if (target.kind === "thread") {
        void run(upload.id);
      } else {
        const lane = (shelfLanes.get(target.projectId) ?? Promise.resolve()).then(() => run(upload.id));
        shelfLanes.set(target.projectId, lane);
      }
    }
  },

  /** Stops a file in flight or waiting, and forgets it; a finished one is just forgotten. */
  cancel(id: string): void {
    controllers.get(id)?.abort();
    controllers.delete(id);
    files.delete(id);
    const cancelled = uploads.find((upload) => upload.id === id);
    publish(uploads.filter((upload) => upload.id !== id));
    // The rest of its batch may now be complete.
    if (cancelled && isActive(cancelled)) {
      const batch = uploads.filter((upload) => upload.batchId === cancelled.batchId);
      if (batch.length > 0 && !batch.some(isActive)) batchListeners.forEach((listener) => listener(batch));
    }
  },

  /** Forgets finished uploads matching `which`. */
  dismissFinished(which: (upload: Upload) => boolean): void {
    publish(uploads.filter((upload) => isActive(upload) || !which(upload)));
  },

  /** Removes and returns finished uploads matching `which` (a chat message takes its attachments). */
  take(which: (upload: Upload) => boolean): Upload[] {
    const taken = uploads.filter((upload) => !isActive(upload) && which(upload));
    const ids = new Set(taken.map((upload) => upload.id));
    publish(uploads.filter((upload) => !ids.has(upload.id)));
    return taken;
  },

  /** Puts finished uploads back (a message that could not be sent), or shows files already stored. */
  put(restored: Upload[]): void {
    if (restored.length > 0) publish([...restored, ...uploads]);
  },

  /** A finished thread upload for a file that is already stored (attached from the shelf, or from before a reload). */
  stored(threadId: string, file: ThreadFile): Upload {
    const id = `upload-${++nextId}`;
    return {
      id,
      batchId: id,
      target: { kind: "thread", threadId },
      name: file.filename,
      sizeBytes: file.sizeBytes,
      status: "added",
      progress: 1,
      threadFile: file,
    };
  },
};
