import { sliceText, type SliceRequest, type TextSlice } from "@/lib/text/slice-text";
import { sliceTextFile } from "@/lib/storage/slice-text-file";
import { threadFileTextSource } from "./thread-file-text-source";
import type { ThreadFileKind } from "./thread-file-dto";

/**
 * One slice of a thread file's text for `read_thread_file`: only the bytes of the slice are
 * read, through the file's offset sidecar (built once, rebuilt when the file changes), so a
 * page of a large upload costs the same at any offset. Every outcome the model can act on is
 * an `{error}`.
 */
export async function readThreadFileSlice({
  userId,
  threadId,
  kind,
  name,
  ...request
}: SliceRequest & { userId: string; threadId: string; kind: ThreadFileKind; name: string }): Promise<
  ({ name: string } & TextSlice) | { error: string }
> {
  const source = await threadFileTextSource({ userId, threadId, kind, name });
  if ("error" in source) return source;
  if (source.kind === "text") return { name: source.filename, ...sliceText(source.text, request) };
  const slice = await sliceTextFile({ textPath: source.textPath, sidecarPath: source.sidecarPath, ...request });
  // Gone between the look and the read (deleted, or an output being replaced).
  if (!slice) return { error: `There is no ${kind} named ${JSON.stringify(name)} in this chat any more.` };
  return { name: source.filename, ...slice };
}
