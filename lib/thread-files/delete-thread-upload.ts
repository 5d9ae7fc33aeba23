import { lstat, unlink } from "node:fs/promises";
import { notFound } from "@/lib/http/errors";
import { isGone } from "@/lib/storage/is-gone";
import { removeCompanion } from "./converted-companion";
import { resolveThreadFile } from "./thread-file-path";

/** Deletes one upload of a thread and its converted companion; 404 when there is none. */
export async function deleteThreadUpload({ userId, threadId, name }: { userId: string; threadId: string; name: string }): Promise<void> {
  const ref = { userId, threadId };
  const file = await resolveThreadFile({ ...ref, kind: "upload", name });
  try {
    if (!(await lstat(file.path)).isFile()) throw notFound();
    await unlink(file.path);
  } catch (error) {
    if (isGone(error)) throw notFound();
    throw error;
  }
  await removeCompanion(ref, file.name);
}
