import { notFound } from "@/lib/errors";
import { openRegularFile } from "@/lib/storage/stored-files";
import { resolveThreadFile, type ThreadFileRef } from "./thread-file-path";

export interface OpenedThreadFile {
  name: string;
  sizeBytes: number;
  modifiedAt: Date;
  /** The file's bytes, read from disk as the consumer pulls; closes the file when done. */
  stream: ReadableStream<Uint8Array>;
}

/**
 * Opens an upload or output for streaming out (artifacts, "save to project"). The size comes
 * from the open handle, so it describes exactly the bytes that will be streamed. 404 for a
 * missing file, a name that escapes the thread's folder, or anything but a regular file.
 */
export async function openThreadFile(ref: ThreadFileRef): Promise<OpenedThreadFile> {
  const file = await resolveThreadFile(ref);
  const opened = await openRegularFile(file.path);
  if (!opened) throw notFound();
  return { name: file.name, sizeBytes: opened.size, modifiedAt: opened.modifiedAt, stream: opened.stream() };
}
