import { resolveConfined } from "@/lib/storage/confine";
import { threadFilesDir, type ThreadRef } from "@/lib/storage/layout";
import { notFound } from "@/lib/errors";
import { parseStoredFileName } from "@/lib/files/file-name";
import { folderOfKind, type ThreadFileKind } from "./thread-file-dto";

export interface ThreadFileRef extends ThreadRef {
  kind: ThreadFileKind;
  /** As a client or the model spelled it; checked here. */
  name: string;
}

/**
 * The absolute path of a thread file named by a client, confined to that thread's own upload
 * or output folder. A name that could never have been stored, or that escapes (separators,
 * `..`, symlinks out), is a 404 like a missing file. The file itself need not exist.
 */
export async function resolveThreadFile({
  userId,
  threadId,
  kind,
  name,
}: ThreadFileRef): Promise<{ name: string; path: string }> {
  const stored = parseStoredFileName(name);
  if (stored === null) throw notFound();
  return {
    name: stored,
    path: await resolveConfined(threadFilesDir({ userId, threadId }, folderOfKind[kind]), stored),
  };
}
