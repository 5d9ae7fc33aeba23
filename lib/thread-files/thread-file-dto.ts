import type { ThreadFolder } from "@/lib/storage/layout";

// The wire shape of a chat's file. `virtualPath` is how the model refers to the file (the folder
// names of user-data/), `artifactUrl` is where the browser fetches its bytes.

export type ThreadFileKind = "upload" | "output";

export interface ThreadFile {
  kind: ThreadFileKind;
  filename: string;
  sizeBytes: number;
  modifiedAt: string;
  virtualPath: string;
  artifactUrl: string;
  /** Images only (PNG, JPEG, WebP, GIF uploads): the original's size as displayed. */
  image?: { width: number; height: number };
}

export const folderOfKind: Record<ThreadFileKind, ThreadFolder> = { upload: "uploads", output: "outputs" };

export function kindOfFolder(folder: string): ThreadFileKind | null {
  if (folder === "uploads") return "upload";
  if (folder === "outputs") return "output";
  return null;
}

export function toThreadFile({
  threadId,
  kind,
  filename,
  stats,
  image,
}: {
  threadId: string;
  kind: ThreadFileKind;
  filename: string;
  stats: { size: number; mtime: Date };
  image?: { width: number; height: number } | null;
}): ThreadFile {
  const folder = folderOfKind[kind];
  return {
    ...(image ? { image: { width: image.width, height: image.height } } : {}),
    kind,
    filename,
    sizeBytes: stats.size,
    modifiedAt: stats.mtime.toISOString(),
    virtualPath: `/mnt/user-data/${folder}/${filename}`,
    artifactUrl: `/api/threads/${encodeURIComponent(threadId)}/artifacts/${folder}/${encodeURIComponent(filename)}`,
  };
}

/** One thread's files in the conversation-files view (GET /api/projects/{id}/thread-files). */
export interface ThreadFileGroup {
  threadId: string;
  title: string;
  updatedAt: string;
  /** At most `fileLimit`, newest first; `truncated` when the thread has more. */
  files: ThreadFile[];
  truncated: boolean;
}

export interface ThreadFileGroupPage {
  groups: ThreadFileGroup[];
  /** The offset of the next page of threads; null after the last. */
  nextOffset: number | null;
  /** Some group on this page was cut at `fileLimit`. */
  truncated: boolean;
}
