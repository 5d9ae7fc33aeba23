import { readFile } from "node:fs/promises";
import { threadFileTextSource } from "@/lib/thread-files/thread-file-text-source";
import type { ThreadFileKind } from "@/lib/thread-files/thread-file-dto";

export type ThreadFileText = { filename: string; text: string; converted: boolean } | { error: string };

/**
 * A thread file's whole text, from the source the read_thread_file tool slices
 * (threadFileTextSource), so tests can assert on all of it and on whether it was converted.
 */
export async function readThreadFileText(request: {
  userId: string;
  threadId: string;
  kind: ThreadFileKind;
  name: string;
}): Promise<ThreadFileText> {
  const source = await threadFileTextSource(request);
  if ("error" in source) return source;
  if (source.kind === "text") return { filename: source.filename, text: source.text, converted: source.converted };
  // TextDecoder drops a UTF-8 byte order mark and replaces invalid sequences, as the tool's reader does.
  const text = new TextDecoder("utf-8").decode(await readFile(source.textPath));
  return { filename: source.filename, text, converted: source.converted };
}
