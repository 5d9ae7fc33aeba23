import path from "node:path";
import { threadFilesDir } from "@/lib/storage/layout";
import { fileStatsIfPresent, listRegularFileNames } from "@/lib/storage/stored-files";
import { readImageInfo } from "./prepared-image";
import { folderOfKind, toThreadFile, type ThreadFile, type ThreadFileKind } from "./thread-file-dto";

/**
 * A thread's uploads or its outputs, sorted by name. Only regular files count: a folder or a
 * symlink in there was not put there by this app. A thread with no files has no folder yet.
 */
export async function listThreadFiles({
  userId,
  threadId,
  kind,
}: {
  userId: string;
  threadId: string;
  kind: ThreadFileKind;
}): Promise<ThreadFile[]> {
  const dir = threadFilesDir({ userId, threadId }, folderOfKind[kind]);
  const names = await listRegularFileNames(dir);
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const files = await Promise.all(
    names.map(async (filename) => {
      const stats = await fileStatsIfPresent(path.join(dir, filename));
      if (!stats) return null; // deleted while listing
      const image = kind === "upload" ? await readImageInfo({ userId, threadId }, filename) : null;
      return toThreadFile({ threadId, kind, filename, stats, image });
    }),
  );
  return files.filter((file): file is ThreadFile => file !== null);
}
