import { config } from "@/lib/config/env";
import { resolveConfined } from "@/lib/storage/confine";
import { threadFilesDir, threadStagingDir } from "@/lib/storage/layout";
import { replaceWithStaged } from "@/lib/storage/place-file";
import { writeToStaging } from "@/lib/storage/staging";
import { ensureFolder, statFile } from "@/lib/storage/stored-files";
import { normaliseFileName } from "@/lib/files/file-name";
import { toThreadFile, type ThreadFile } from "./thread-file-dto";

/**
 * Writes a UTF-8 text file into the thread's outputs (the `write_output_file` tool). Same
 * name rules as uploads (422 on field `name`), same size limit (413). Unlike an upload, an
 * existing output of that name is replaced: the agent revising its own file is the point.
 * The replacement is one rename, so a reader sees the old or the new file, never a mix.
 */
export async function writeThreadOutput({
  userId,
  threadId,
  name,
  content,
}: {
  userId: string;
  threadId: string;
  name: string;
  content: string;
}): Promise<ThreadFile> {
  const filename = normaliseFileName(name, "name");
  const ref = { userId, threadId };
  const dir = threadFilesDir(ref, "outputs");
  await ensureFolder(dir);
  const targetPath = await resolveConfined(dir, filename);
  const staged = await writeToStaging({
    stagingDir: threadStagingDir(ref),
    bytes: Buffer.from(content, "utf8"),
    maxBytes: config().uploadMaxBytes,
  });
  await replaceWithStaged({ stagedPath: staged.path, targetPath });
  return toThreadFile({ threadId, kind: "output", filename, stats: await statFile(targetPath) });
}
