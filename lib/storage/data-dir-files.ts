import "server-only";
import path from "node:path";
import { createWriteStream } from "node:fs";
import { lstat, mkdir, readdir, rename, rmdir } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isGone } from "./is-gone";

// Whole-folder operations for the operator's backup and restore of an embedded instance
// (everything under DATA_DIR). Paths are absolute; names inside come from a walk of our own
// folder or from an archive already checked by the caller.

export interface FolderFile {
  /** Relative to the walked root, with `/` separators (the archive's spelling). */
  relative: string;
  absolute: string;
  sizeBytes: number;
}

export interface FolderContents {
  files: FolderFile[];
  /** Every folder, relative: a database directory needs its empty folders too. */
  folders: string[];
}

/**
 * Every regular file and folder under `root`, depth first in name order. Symlinks are
 * skipped (nothing in DATA_DIR is one, and following one could copy what lies outside); so
 * is every entry `skip` names by its relative path.
 */
export async function listFolderContents(root: string, skip: (relative: string) => boolean): Promise<FolderContents> {
  const files: FolderFile[] = [];
  const folders: string[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (skip(child)) continue;
      if (entry.isDirectory()) {
        folders.push(child);
        await walk(child);
      } else if (entry.isFile()) {
        const absolute = path.join(root, child);
        files.push({ relative: child, absolute, sizeBytes: (await lstat(absolute)).size });
      }
    }
  }
  await walk("");
  return { files, folders };
}

/** Whether a folder is missing or holds nothing at all. */
export async function isMissingOrEmpty(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length === 0;
  } catch (error) {
    if (isGone(error)) return true;
    throw error;
  }
}

export async function makeFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
}

/** Writes a stream to a file that must not exist yet, creating its folders. */
export async function writeNewFile(target: string, source: Readable): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(source, createWriteStream(target, { flags: "wx" }));
}

/** Moves a fully written folder to `target`, which must be missing or empty: one rename. */
export async function moveFolderIntoEmpty(source: string, target: string): Promise<void> {
  await rmdir(target).catch((error) => {
    if (!isGone(error)) throw error;
  });
  await mkdir(path.dirname(target), { recursive: true });
  await rename(source, target);
}

/** Moves a finished file into place (a backup written beside its final name). */
export async function moveFile(source: string, target: string): Promise<void> {
  await rename(source, target);
}
