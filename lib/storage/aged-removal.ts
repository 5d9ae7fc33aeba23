import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { lstat, readdir, rename, rm, rmdir, unlink } from "node:fs/promises";
import type { Dirent } from "node:fs";
import { isGone } from "./is-gone";

// The sweep's removal primitives, each guarded by age
// (docs/architecture.md § "Where each design rule lives": nothing younger than 24 h is collected):
// an upload in flight, a folder just created for a placement, a thread's first file: all are young,
// so none of them can be collected under the writer's feet. Ages are file mtimes compared with the
// real clock that wrote them. Symlinks are never followed: a link is judged and removed as itself.

const ORPHAN_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface RemovalCounts {
  removedFiles: number;
  removedFolders: number;
}

export const noRemovals = (): RemovalCounts => ({ removedFiles: 0, removedFolders: 0 });

/** Entries older than this (ms since the epoch) may be collected. */
export function orphanCutoffMs(): number {
  return Date.now() - ORPHAN_MIN_AGE_MS;
}

export async function readdirOrEmpty(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return [];
    throw error;
  }
}

/** The entry's own mtime; +Infinity (never old) when it is gone. */
export async function mtimeMs(target: string): Promise<number> {
  try {
    return (await lstat(target)).mtimeMs;
  } catch (error) {
    if (isGone(error)) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

/** The newest mtime anywhere in a tree, folders included: a tree is old only if all of it is. */
export async function newestMtimeMs(target: string): Promise<number> {
  let newest = await mtimeMs(target);
  for (const entry of await readdirOrEmpty(target)) {
    const child = path.join(target, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtimeMs(child) : await mtimeMs(child));
  }
  return newest;
}

export async function removeFileIfOld(file: string, oldBefore: number, counts: RemovalCounts): Promise<void> {
  if ((await mtimeMs(file)) >= oldBefore) return;
  try {
    await unlink(file);
    counts.removedFiles++;
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}

const CLAIM = ".removing-";
const CLAIM_NAME = /\.removing-(\d+)-[0-9a-f-]{36}$/;

/**
 * When a claim was taken, from its name: renaming keeps the folder's own (old) mtime, so
 * only the name can tell a claim another sweep is removing right now from one a sweep that
 * died left behind.
 */
function claimedAt(folder: string): number | undefined {
  const match = CLAIM_NAME.exec(path.basename(folder));
  return match ? Number(match[1]) : undefined;
}

/** True for a folder some sweep has claimed for removal (see removeTreeIfOld). */
export const isClaim = (name: string): boolean => claimedAt(name) !== undefined;

/**
 * Sweeps on several instances may remove the same tree at once: each first claims it by
 * renaming it aside, which exactly one of them wins, so only that one removes and counts it.
 * A claim is left alone while it is young, because its sweep is still removing it (taking it
 * again would count it twice and keep its parent from emptying); one older than the guard was
 * left by a sweep that died, and is claimed afresh and removed like any old tree.
 */
export async function removeTreeIfOld(folder: string, oldBefore: number, counts: RemovalCounts): Promise<void> {
  const takenAt = claimedAt(folder);
  if ((takenAt ?? (await newestMtimeMs(folder))) >= oldBefore) return;
  const unclaimed = takenAt === undefined ? folder : folder.slice(0, folder.lastIndexOf(CLAIM));
  const claimed = `${unclaimed}${CLAIM}${Date.now()}-${randomUUID()}`;
  try {
    await rename(folder, claimed);
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  await rm(claimed, { recursive: true, force: true });
  counts.removedFolders++;
}

/**
 * Removes a folder if it is empty and was old before this sweep touched its contents
 * (`mtimeBefore`, read before the walk: removing a child refreshes a folder's mtime).
 * rmdir refuses a folder that is not empty, so a file placed meanwhile keeps it.
 */
export async function removeFolderIfEmptyAndOld(
  folder: string,
  mtimeBefore: number,
  oldBefore: number,
  counts: RemovalCounts,
): Promise<void> {
  if (mtimeBefore >= oldBefore) return;
  try {
    await rmdir(folder);
    counts.removedFolders++;
  } catch {
    // Not empty, or gone already: best-effort.
  }
}

/** Every entry directly in `dir` that is old: files unlinked, folders removed whole. */
export async function removeOldEntries(dir: string, oldBefore: number, counts: RemovalCounts): Promise<void> {
  for (const entry of await readdirOrEmpty(dir)) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await removeTreeIfOld(child, oldBefore, counts);
    else await removeFileIfOld(child, oldBefore, counts);
  }
}
