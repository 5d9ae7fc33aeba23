import { getDb } from "@/lib/db/client";
import { isIdSegment, userStagingDir, usersRoot } from "@/lib/storage/layout";
import { noRemovals, orphanCutoffMs, readdirOrEmpty, removeOldEntries } from "@/lib/storage/aged-removal";
import { purgeExpiredTrash } from "./purge-expired-trash";
import { reconcileProjectFiles } from "./reconcile-project-files";
import { reconcileThreadFolders } from "./reconcile-thread-folders";
import { reportMissingContent } from "./report-missing-content";

// The lazy sweep (docs/architecture.md § "Where each design rule lives"): run by the trash listing
// for the caller, and once at server start for everyone. Never on a timer. First retention (expired
// trash through the guarded purge), then reconciliation both ways: unreferenced files and staging
// older than 24 hours removed, rows without their bytes logged and kept. Every step is best-effort:
// a failure is logged and the next step still runs; the sweep itself never throws.

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
  // An import's staged archive is removed when the import ends; this catches a crash mid-import.
  const removeStagedImports = async () => {
    const counts = noRemovals();
    await removeOldEntries(userStagingDir(userId), oldBefore, counts);
    return counts;
  };
  for (const reconcile of [reconcileProjectFiles, reconcileThreadFolders, removeStagedImports]) {
    const counts = await step(`reconciling the files of user ${userId}`, () => reconcile({ userId, oldBefore }));
    report.removedFiles += counts?.removedFiles ?? 0;
    report.removedFolders += counts?.removedFolders ?? 0;
  }
  report.contentMissing +=
    (await step(`checking the documents of user ${userId}`, () => reportMissingContent({ userId }))) ?? 0;
}

// One sweep of each kind per user at a time in this process: listings in quick succession
// share it.
const running = new Map<string, Promise<SweepReport>>();

// When each user's storage was last reconciled by this process. Reconciliation walks every
// stored folder and checks every row (about a second for 10,000 documents), which a trash
// page fetched page by page should not pay each time; retention stays on every listing.
const lastReconciled = new Map<string, number>();
export const LISTING_RECONCILE_INTERVAL_MS = 10 * 60 * 1000;

function sweepOnce(userId: string, reconcile: boolean): Promise<SweepReport> {
  const key = `${userId}:${reconcile ? "full" : "retention"}`;
  const current = running.get(key);
  if (current) return current;
  const sweep = (async () => {
    const report = emptyReport();
    report.purged = (await step(`retention purge for user ${userId}`, () => purgeExpiredTrash({ userId }))) ?? 0;
    if (reconcile) {
      await reconcileUser(userId, report);
      lastReconciled.set(userId, Date.now());
    }
    return report;
  })().finally(() => running.delete(key));
  running.set(key, sweep);
  return sweep;
}

/** The whole sweep for one user: their expired trash, then their storage. */
export function sweepUser({ userId }: { userId: string }): Promise<SweepReport> {
  return sweepOnce(userId, true);
}

/**
 * The sweep the trash listing runs first: always the caller's expired trash (so nothing past
 * its window is listed), and their storage unless this process reconciled it within the
 * last LISTING_RECONCILE_INTERVAL_MS.
 */
export function sweepForTrashListing({ userId }: { userId: string }): Promise<SweepReport> {
  const last = lastReconciled.get(userId);
  return sweepOnce(userId, last === undefined || Date.now() - last >= LISTING_RECONCILE_INTERVAL_MS);
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
    return new Set(
      (await db.user.findMany({ where: { id: { in: names } }, select: { id: true } })).map((user) => user.id),
    );
  });
  for (const userId of names) {
    if (!known?.has(userId)) continue;
    await reconcileUser(userId, report);
  }
  return report;
}
