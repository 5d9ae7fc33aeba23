import { notFound } from "@/lib/errors";
import { removeRegularFile } from "@/lib/storage/stored-files";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { removeCompanion } from "./converted-companion";
import { resolveThreadFile } from "./thread-file-path";

/** Deletes one upload of a thread and its converted companion; 404 when there is none or the thread is not the user's. */
export async function deleteThreadUpload({
  userId,
  threadId,
  name,
}: {
  userId: string;
  threadId: string;
  name: string;
}): Promise<void> {
  await getThreadOrThrow({ threadId, userId });
  const ref = { userId, threadId };
  const file = await resolveThreadFile({ ...ref, kind: "upload", name });
  if (!(await removeRegularFile(file.path))) throw notFound();
  await removeCompanion(ref, file.name);
}
