import { getDb } from "@/lib/db/client";
import { isIdSegment, usersRoot } from "@/lib/storage/layout";
import { orphanCutoffMs, readdirOrEmpty } from "./aged-removal";
import { purgeExpiredTrash } from "./purge-expired-trash";
import { reconcileProjectFiles } from "./reconcile-project-files";
import { reconcileThreadFolders } from "./reconcile-thread-folders";
import { reportMissingContent } from "./report-missing-content";

// The lazy sweep (design: "Sweep"): run by the trash listing for the caller, and once at
// server start for everyone. Never on a timer. First retention (expired trash through the
// guarded purge), then reconciliation both ways: unreferenced files and staging older than
// 24 hours removed, rows without their bytes logged and kept. Every step is best-effort: a
// failure is logged and the next step still runs; the sweep itself never throws.

export interface SweepReport {
  purged: number;
  removedFiles: number;
  removedFolders: number;
  contentMissing: number;
}

const emptyReport = (): SweepReport => ({ purged: 0, removedFiles: 0, removedFolders: 0, contentMissing: 0 });

async function step<T>(label: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    console.error(`[sweep] ${label} failed`, error);
    return null;
  }
}

async function reconcileUser(userId: string, report: SweepReport): Promise<void> {
  const oldBefore = orphanCutoffMs();
  for (const reconcile of [reconcileProjectFiles, reconcileThreadFolders]) {
    const counts = await step(`reconciling the files of user ${userId}`, () => reconcile({ userId, oldBefore }));
    report.removedFiles += counts?.removedFiles ?? 0;
    report.removedFolders += counts?.removedFolders ?? 0;
  }
  report.contentMissing += (await step(`checking the documents of user ${userId}`, () => reportMissingContent({ userId }))) ?? 0;
}

// One sweep per user at a time in this process: listings in quick succession share it.
const running = new Map<string, Promise<SweepReport>>();

/** The sweep the trash listing runs first: the caller's expired trash, then their storage. */
export function sweepUser({ userId }: { userId: string }): Promise<SweepReport> {
  const current = running.get(userId);
  if (current) return current;
  const sweep = (async () => {
    const report = emptyReport();
    report.purged = (await step(`retention purge for user ${userId}`, () => purgeExpiredTrash({ userId }))) ?? 0;
    await reconcileUser(userId, report);
    return report;
  })().finally(() => running.delete(userId));
  running.set(userId, sweep);
  return sweep;
}

/**
 * The start-up sweep: everyone's expired trash, then the storage of every user folder under
 * DATA_DIR/users whose user exists in this database. A folder without a user is left alone:
 * pointing DATA_DIR at the wrong database must not read as "every file is unreferenced".
 */
export async function sweepAllUsers(): Promise<SweepReport> {
  const report = emptyReport();
  report.purged = (await step("retention purge", () => purgeExpiredTrash())) ?? 0;
  const folders = (await step("listing user folders", () => readdirOrEmpty(usersRoot()))) ?? [];
  const names = folders.filter((entry) => entry.isDirectory() && isIdSegment(entry.name)).map((entry) => entry.name);
  const known = await step("reading users", async () => {
    const db = await getDb();
    return new Set((await db.user.findMany({ where: { id: { in: names } }, select: { id: true } })).map((user) => user.id));
  });
  for (const userId of names) {
    if (!known?.has(userId)) continue;
    await reconcileUser(userId, report);
  }
  return report;
}
