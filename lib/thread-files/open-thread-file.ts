import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { notFound } from "@/lib/errors";
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
  let handle;
  try {
    handle = await open(file.path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR" || code === "EISDIR") throw notFound();
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw notFound();
  }
  const stream = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return { name: file.name, sizeBytes: stats.size, modifiedAt: stats.mtime, stream };
}
