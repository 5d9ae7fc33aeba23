import os from "node:os";
import path from "node:path";
import { access, lutimes, mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  newestMtimeMs,
  noRemovals,
  orphanCutoffMs,
  removeFolderIfEmptyAndOld,
  removeOldEntries,
  removeTreeIfOld,
} from "@/lib/storage/aged-removal";
import { pruneEmptyFolders } from "@/lib/storage/prune-empty-folders";

// The sweep's removal primitives on a scratch folder: the 24-hour guard, whole trees judged
// by their newest entry, symlinks removed as themselves, and pruning that stops where told.

let root: string;
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function file(relative: string, age?: number): Promise<string> {
  const full = path.join(root, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, "x");
  if (age !== undefined) await utimes(full, hoursAgo(age), hoursAgo(age));
  return full;
}

async function ageFolder(relative: string, hours: number): Promise<string> {
  const full = path.join(root, relative);
  await utimes(full, hoursAgo(hours), hoursAgo(hours));
  return full;
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "aged-removal-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("age-guarded removal", () => {
  it("removes old entries only: a file at 23 h stays, at 25 h goes", async () => {
    const young = await file("staging/young", 23);
    const old = await file("staging/old", 25);
    const counts = noRemovals();
    await removeOldEntries(path.join(root, "staging"), orphanCutoffMs(), counts);
    expect([await exists(young), await exists(old)]).toEqual([true, false]);
    expect(counts).toEqual({ removedFiles: 1, removedFolders: 0 });
  });

  it("judges a tree by its newest entry, folders included", async () => {
    await file("tree/a/old.txt", 30);
    await file("tree/b/new.txt");
    await ageFolder("tree/a", 30);
    expect(await newestMtimeMs(path.join(root, "tree"))).toBeGreaterThan(orphanCutoffMs());
    const counts = noRemovals();
    await removeTreeIfOld(path.join(root, "tree"), orphanCutoffMs(), counts);
    expect(await exists(path.join(root, "tree/a/old.txt"))).toBe(true);
    await rm(path.join(root, "tree/b"), { recursive: true });
    await ageFolder("tree", 30);
    await removeTreeIfOld(path.join(root, "tree"), orphanCutoffMs(), counts);
    expect(await exists(path.join(root, "tree"))).toBe(false);
  });

  it("counts each removal once when several sweeps (instances) remove the same entries at once", async () => {
    for (let i = 0; i < 4; i++) {
      await file(`shared/tree-${i}/deep/a.txt`, 30);
      await ageFolder(`shared/tree-${i}/deep`, 30);
      await ageFolder(`shared/tree-${i}`, 30);
      await file(`shared/file-${i}`, 30);
    }
    const sweeps = Array.from({ length: 3 }, () => noRemovals());
    await Promise.all(sweeps.map((counts) => removeOldEntries(path.join(root, "shared"), orphanCutoffMs(), counts)));
    const total = sweeps.reduce((sum, counts) => ({
      removedFiles: sum.removedFiles + counts.removedFiles,
      removedFolders: sum.removedFolders + counts.removedFolders,
    }));
    expect(total).toEqual({ removedFiles: 4, removedFolders: 4 });
    expect(await readdir(path.join(root, "shared"))).toEqual([]);
  });

  it("leaves a claim another sweep is removing alone, and collects one a dead sweep left once it is old", async () => {
    const uuid = "0b7c2c55-5d7e-4d43-9a59-1f1a4c6d2b10";
    // Renaming keeps a folder's own mtime: both claims look old on disk; only their names differ.
    const inProgress = `doc.removing-${Date.now()}-${uuid}`;
    await file(`shared/${inProgress}/original/a.txt`, 30);
    await file(`shared/doc2.removing-${hoursAgo(25).getTime()}-${uuid}/original/b.txt`, 30);
    const sweeps = Array.from({ length: 3 }, () => noRemovals());
    await Promise.all(sweeps.map((counts) => removeOldEntries(path.join(root, "shared"), orphanCutoffMs(), counts)));
    expect(sweeps.reduce((sum, counts) => sum + counts.removedFolders, 0)).toBe(1);
    expect(await readdir(path.join(root, "shared"))).toEqual([inProgress]);
  });

  it("removes a symlink as itself, never what it points to", async () => {
    const target = await file("outside/keep.txt", 30);
    await mkdir(path.join(root, "staging"));
    const link = path.join(root, "staging", "link");
    await symlink(target, link);
    // lutimes ages the link itself (utimes would follow it).
    await lutimes(link, hoursAgo(30), hoursAgo(30));
    await removeOldEntries(path.join(root, "staging"), orphanCutoffMs(), noRemovals());
    expect(await exists(link)).toBe(false);
    expect(await exists(target)).toBe(true);
  });

  it("removes an empty folder only if it was old before the sweep touched it", async () => {
    await mkdir(path.join(root, "empty-old"));
    await mkdir(path.join(root, "empty-young"));
    const counts = noRemovals();
    await removeFolderIfEmptyAndOld(path.join(root, "empty-old"), hoursAgo(30).getTime(), orphanCutoffMs(), counts);
    await removeFolderIfEmptyAndOld(path.join(root, "empty-young"), Date.now(), orphanCutoffMs(), counts);
    await file("full/x", 30);
    await removeFolderIfEmptyAndOld(path.join(root, "full"), hoursAgo(30).getTime(), orphanCutoffMs(), counts);
    expect([
      await exists(path.join(root, "empty-old")),
      await exists(path.join(root, "empty-young")),
      await exists(path.join(root, "full")),
    ]).toEqual([false, true, true]);
    expect(counts.removedFolders).toBe(1);
  });
});

describe("pruneEmptyFolders", () => {
  it("removes empty folders upwards and stops below stopAt or at the first non-empty one", async () => {
    await mkdir(path.join(root, "documents/ab/sha/doc/original"), { recursive: true });
    await file("documents/ab/other-sha/doc2/original/kept.txt");
    expect(
      await pruneEmptyFolders({
        from: path.join(root, "documents/ab/sha/doc/original"),
        stopAt: path.join(root, "documents"),
      }),
    ).toBe(3);
    expect(await exists(path.join(root, "documents/ab/sha"))).toBe(false);
    expect(await exists(path.join(root, "documents/ab"))).toBe(true);

    await rm(path.join(root, "documents/ab/other-sha"), { recursive: true });
    await pruneEmptyFolders({ from: path.join(root, "documents/ab"), stopAt: path.join(root, "documents") });
    expect(await exists(path.join(root, "documents/ab"))).toBe(false);
    expect(await exists(path.join(root, "documents"))).toBe(true);
  });

  it("never climbs out of stopAt", async () => {
    await mkdir(path.join(root, "a/b"), { recursive: true });
    expect(await pruneEmptyFolders({ from: path.join(root, "a/b"), stopAt: path.join(root, "elsewhere") })).toBe(0);
    expect(await exists(path.join(root, "a/b"))).toBe(true);
  });
});
