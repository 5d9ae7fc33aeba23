import path from "node:path";
import { mkdir, writeFile } from "node:fs/promises";
import { afterEach, expect, it, vi } from "vitest";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { orphanCutoffMs } from "@/lib/storage/aged-removal";
import { projectDocumentsDir, projectStagingDir, threadsRoot } from "@/lib/storage/layout";
import { trashClock } from "@/lib/trash/clock";
import { purgeExpiredTrash } from "@/lib/trash/purge-expired-trash";
import { reconcileProjectFiles } from "@/lib/trash/reconcile-project-files";
import { reconcileThreadFolders } from "@/lib/trash/reconcile-thread-folders";
import { signUp } from "../support/route-client";
import { age, newProject, storedPaths, trashedDocument } from "../support/shelf-fixtures";
import { pathExists } from "../support/path-exists";

// Several instances sweep the same user's storage at the same moment (each runs the start-up
// sweep, or a trash listing lands on each): every step is run three times at once here, as
// three instances would. Nothing may fail, and every removal and purge is counted exactly
// once across them.

const sha = (seed: string) => seed.repeat(64).slice(0, 64);

async function oldFile(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, "x");
  await age(file);
  return file;
}

afterEach(() => {
  vi.restoreAllMocks();
});

it("three sweeps at once neither fail nor count anything twice", async () => {
  const user = await signUp();
  const projectId = await newProject(user.api);
  const expired = await Promise.all(
    ["a", "b"].map((name) => trashedDocument(user.api, projectId, `${name}.txt`, `expired ${name}`)),
  );
  const documentsDir = projectDocumentsDir({ userId: user.id, projectId });
  const staged = await Promise.all(
    ["s1", "s2", "s3"].map((name) => oldFile(path.join(projectStagingDir({ userId: user.id, projectId }), name))),
  );
  const orphans = ["e", "f"].map((seed) => path.join(documentsDir, `${seed}${seed}`, sha(seed), crypto.randomUUID()));
  for (const orphan of orphans) {
    await oldFile(path.join(orphan, "original", "orphan.txt"));
    await age(path.dirname(path.dirname(orphan)));
  }
  const deletedThread = path.join(threadsRoot(user.id), crypto.randomUUID());
  await oldFile(path.join(deletedThread, "user-data", "uploads", "left.txt"));
  await age(deletedThread);

  const now = new Date(Date.now() + (config().trashRetentionDays + 1) * 86_400_000);
  vi.spyOn(trashClock, "now").mockReturnValue(now);
  const three = <T>(work: () => Promise<T>) => Promise.all([work(), work(), work()]);
  const purged = await three(() => purgeExpiredTrash({ userId: user.id }));
  const oldBefore = orphanCutoffMs();
  const projects = await three(() => reconcileProjectFiles({ userId: user.id, oldBefore }));
  const threads = await three(() => reconcileThreadFolders({ userId: user.id, oldBefore }));

  expect(purged.reduce((sum, count) => sum + count, 0)).toBe(expired.length);
  expect(await (await getDb()).projectDocument.count({ where: { userId: user.id } })).toBe(0);
  expect(projects.reduce((sum, counts) => sum + counts.removedFiles, 0)).toBe(staged.length);
  // Each orphan's own folder, then its emptied {sha} and {sha[:2]} levels: three, once each.
  expect(projects.reduce((sum, counts) => sum + counts.removedFolders, 0)).toBe(orphans.length * 3);
  expect(threads.reduce((sum, counts) => sum + counts.removedFolders, 0)).toBe(1);
  const shaLevels = orphans.flatMap((orphan) => [path.dirname(orphan), path.dirname(path.dirname(orphan))]);
  for (const gone of [...staged, ...orphans, ...shaLevels, deletedThread]) expect(await pathExists(gone)).toBe(false);
  for (const document of expired) await expect(storedPaths(document.id)).rejects.toThrow();
});
