import path from "node:path";
import { readdir, stat } from "node:fs/promises";
import { threadFilesDir } from "@/lib/storage/layout";
import { folderOfKind, toThreadFile, type ThreadFile, type ThreadFileKind } from "./thread-file-dto";

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/**
 * A thread's uploads or its outputs, sorted by name. Only regular files count: a folder or a
 * symlink in there was not put there by this app. A thread with no files has no folder yet.
 */
export async function listThreadFiles({ userId, threadId, kind }: { userId: string; threadId: string; kind: ThreadFileKind }): Promise<ThreadFile[]> {
  const dir = threadFilesDir({ userId, threadId }, folderOfKind[kind]);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files = await Promise.all(
    names.map(async (filename) => {
      try {
        return toThreadFile({ threadId, kind, filename, stats: await stat(path.join(dir, filename)) });
      } catch (error) {
        if (isMissing(error)) return null; // deleted while listing
        throw error;
      }
    }),
  );
  return files.filter((file): file is ThreadFile => file !== null);
}
