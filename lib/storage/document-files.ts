import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, rmdir, stat, writeFile, type FileHandle } from "node:fs/promises";
import { Readable } from "node:stream";
import { removeFileIfPresent } from "./staging";

// The shelf's file operations, behind functions so that lib/documents and lib/trash never
// touch node:fs themselves and an object store can replace the local disk later (design:
// Storage). Paths are absolute and already confined by the caller (lib/documents/document-paths).

/** An original opened for reading, with the size of exactly the bytes reads will return. */
export interface OpenedFile {
  size: number;
  /** Reads the whole file (at most once per opening). */
  readAll(): Promise<Buffer>;
  /** Streams the file and closes it when the stream ends or is cancelled. */
  stream(): ReadableStream<Uint8Array>;
  close(): Promise<void>;
}

function opened(handle: FileHandle, size: number): OpenedFile {
  return {
    size,
    readAll: () => handle.readFile(),
    stream: () => Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>,
    close: () => handle.close().catch(() => {}),
  };
}

/**
 * Opens a file for reading, or null when it is gone, not a regular file, or not `sizeBytes`
 * long. The size comes from the open handle, so an unlink after opening does not change the
 * bytes read through it. The handle is closed on every path that does not return it.
 */
export async function openFileOfSize(filePath: string, sizeBytes: bigint): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, "r");
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile() && BigInt(stats.size) === sizeBytes) return opened(handle, stats.size);
  } catch {
    // Treated like a missing file below.
  }
  await handle.close().catch(() => {});
  return null;
}

/** A file's bytes as a Node stream, opened when first read (an export opens one file at a time). */
export function fileReadStream(filePath: string): Readable {
  return createReadStream(filePath);
}

/** Whether a regular file of exactly `sizeBytes` is at the path (false when unreadable). */
export async function isFileOfSize(filePath: string, sizeBytes: bigint): Promise<boolean> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() && BigInt(stats.size) === sizeBytes;
  } catch {
    return false;
  }
}

/** A UTF-8 file's text, or null when there is no such file. */
export async function readTextIfPresent(filePath: string): Promise<string | null> {
  try {
    return await readFile(filePath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Writes beside and renames, so a concurrent reader sees no file or the whole file. */
export async function writeTextAtomically(filePath: string, text: string): Promise<void> {
  const temporary = `${filePath}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(temporary, text, { flag: "wx" });
    await rename(temporary, filePath);
  } catch (error) {
    await removeFileIfPresent(temporary).catch(() => {});
    throw error;
  }
}

/** Moves a staged file to `targetPath`, creating its folder. */
export async function placeStagedFile({ stagedPath, targetPath }: { stagedPath: string; targetPath: string }): Promise<void> {
  await mkdir(path.dirname(targetPath), { recursive: true });
  await rename(stagedPath, targetPath);
}

/** Removes a folder and everything in it; a missing folder is already removed. */
export async function removeFolderTree(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}

/** Removes a folder only if it is empty (rejects otherwise, with the filesystem's code). */
export async function removeEmptyFolder(folder: string): Promise<void> {
  await rmdir(folder);
}
