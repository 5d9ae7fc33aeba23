import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import {
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
  type FileHandle,
} from "node:fs/promises";
import { Readable } from "node:stream";
import { isGone } from "./is-gone";
import { removeFileIfPresent } from "./staging";

// Reading, writing and removing stored files (shelf documents, thread files, companions),
// behind named functions so that no domain folder touches node:fs itself and an object store
// can replace the local disk later. Paths are absolute and already confined by the caller
// (layout.ts and confine.ts build them).

/** A file opened for reading, with the size of exactly the bytes reads will return. */
export interface OpenedFile {
  size: number;
  modifiedAt: Date;
  /** Reads the whole file (at most once per opening). */
  readAll(): Promise<Buffer>;
  /** Streams the file and closes it when the stream ends or is cancelled. */
  stream(): ReadableStream<Uint8Array>;
  close(): Promise<void>;
}

function opened(handle: FileHandle, { size, mtime }: { size: number; mtime: Date }): OpenedFile {
  return {
    size,
    modifiedAt: mtime,
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
    if (stats.isFile() && BigInt(stats.size) === sizeBytes) return opened(handle, stats);
  } catch {
    // Treated like a missing file below.
  }
  await handle.close().catch(() => {});
  return null;
}

/**
 * A file's bytes as a Node stream, opened when first read (an export opens one file at a time),
 * for a file expected to be `sizeBytes` long. Reads are sized to the file: an open-ended read
 * stream allocates a 64 KiB buffer per read, copies a short last read, and spends one more
 * 64 KiB buffer learning it is at the end, about 144 KiB of short-lived memory for a 16 KiB
 * file, which an export of thousands of files turns into RSS the collector is slow to give
 * back. This one reads at most `sizeBytes + 1` bytes: the extra byte makes a file that grew
 * since it was measured show up as a size mismatch (yazl refuses it) instead of being cut.
 */
export function fileReadStream(filePath: string, sizeBytes: number): Readable {
  return createReadStream(filePath, {
    start: 0,
    end: sizeBytes,
    highWaterMark: Math.max(1, Math.min(sizeBytes + 1, 64 * 1024)),
  });
}

/** A Node stream writing a file, created or truncated (a backup's `.partial`). */
export function fileWriteStream(filePath: string): WriteStream {
  return createWriteStream(filePath, { flags: "w" });
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
    if (isGone(error)) return null;
    throw error;
  }
}

/** Writes beside and renames, so a concurrent reader sees no file or the whole file. */
export async function writeTextAtomically(filePath: string, text: string): Promise<void> {
  const temporary = `${filePath}.${randomUUID()}.tmp`;
  try {
    // The file's own folder (derived/) is made, never its parent: a conversion that finishes
    // after its document was purged must not bring the document's folder back.
    await mkdir(path.dirname(filePath)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await writeFile(temporary, text, { flag: "wx" });
    await rename(temporary, filePath);
  } catch (error) {
    await removeFileIfPresent(temporary).catch(() => {});
    throw error;
  }
}

/** Bytes written beside and renamed into place, like writeTextAtomically (a cache beside an original). */
export async function writeBytesAtomically(filePath: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${filePath}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(filePath)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    await writeFile(temporary, bytes, { flag: "wx" });
    await rename(temporary, filePath);
  } catch (error) {
    await removeFileIfPresent(temporary).catch(() => {});
    throw error;
  }
}

/** Moves a staged file to `targetPath`, creating its folder. */
export async function placeStagedFile({
  stagedPath,
  targetPath,
}: {
  stagedPath: string;
  targetPath: string;
}): Promise<void> {
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

/**
 * Opens a regular file for reading, or null when it is gone or not a regular file (a folder,
 * a device). The size and time come from the open handle, so they describe exactly the bytes
 * that will be read.
 */
export async function openRegularFile(filePath: string): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, "r");
  } catch (error) {
    if (isGone(error) || (error as NodeJS.ErrnoException).code === "EISDIR") return null;
    throw error;
  }
  const stats = await handle.stat();
  if (stats.isFile()) return opened(handle, stats);
  await handle.close();
  return null;
}

export async function readFileBytes(filePath: string): Promise<Buffer> {
  return readFile(filePath);
}

/** Creates a folder and its parents; an existing folder is fine. */
export async function ensureFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
}

export interface FileStats {
  size: number;
  mtime: Date;
  /** The modification time to the sub-millisecond, to tell a replaced file of the same size. */
  mtimeMs: number;
  isFile: boolean;
}

/** Size and modification time of the file at a path (following links). */
export async function statFile(filePath: string): Promise<FileStats> {
  const stats = await stat(filePath);
  return { size: stats.size, mtime: stats.mtime, mtimeMs: stats.mtimeMs, isFile: stats.isFile() };
}

/** Like statFile, or null when the file is gone. */
export async function fileStatsIfPresent(filePath: string): Promise<FileStats | null> {
  try {
    return await statFile(filePath);
  } catch (error) {
    if (isGone(error)) return null;
    throw error;
  }
}

/**
 * The names of the regular files directly in a folder (not folders, not symlinks: nothing
 * this app did not put there itself), unsorted; none when the folder does not exist yet.
 */
export async function listRegularFileNames(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if (isGone(error)) return [];
    throw error;
  }
}

/** Unlinks a regular file (never a folder or a link's target); false when there was none. */
export async function removeRegularFile(filePath: string): Promise<boolean> {
  try {
    if (!(await lstat(filePath)).isFile()) return false;
    await unlink(filePath);
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Bytes [start, end) of a file, read without the rest. */
export async function readFileRange(filePath: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
