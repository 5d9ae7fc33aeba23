// Runs once when the server starts: open the database (taking the embedded database's lock and
// applying pending migrations) so a second server on the same data directory, or a broken
// database, stops start-up with a clear message instead of failing on the first request;
// listen for other instances' run signals (PostgreSQL); fail the runs no server can finish;
// hand the shutdown its way to end this process's runs; then start the trash sweep.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDb, databaseKind } = await import("@/lib/db/client");
  const { failInterruptedRuns } = await import("@/lib/runs/lease/run-records");
  const { listenForRunSignals } = await import("@/lib/runs/lease/run-signals");
  try {
    await getDb();
    console.log(`[db] ready (${await databaseKind()} database)`);
    // From here on the server answers requests: a block of its thread now stalls every user
    // (opening the database and applying migrations before this are start-up, not service).
    const { watchEventLoop } = await import("@/lib/health/watch-event-loop");
    watchEventLoop();
    listenForRunSignals();
    const interrupted = await failInterruptedRuns();
    if (interrupted) console.warn(`[chat] ${interrupted} run(s) no server can finish marked failed`);
    // scripts/serve.mjs runs in this process and calls it on SIGTERM/SIGINT before exiting.
    const { endRunsAtShutdown } = await import("@/lib/runs/lease/end-runs-at-shutdown");
    (
      globalThis as typeof globalThis & { __workspaceEndRunsAtShutdown?: () => Promise<number> }
    ).__workspaceEndRunsAtShutdown = endRunsAtShutdown;
  } catch (error) {
    console.error(`\n[db] cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // The trash sweep's start-up run (the other is on each trash listing; never a timer):
  // expired trash for every user, then orphaned files. In the background, so a large data
  // directory never delays start-up; it only logs, and no failure of it is fatal.
  void import("@/lib/trash/sweep")
    .then(({ sweepAllUsers }) => sweepAllUsers())
    .then((report) =>
      console.log(
        `[sweep] start-up: ${report.purged} expired document(s) purged, ${report.removedFiles} file(s) and ${report.removedFolders} folder(s) collected, ${report.contentMissing} document(s) missing content`,
      ),
    )
    .catch((error) => console.error("[sweep] start-up sweep failed", error));
  void import("@/lib/trash/purge-expired-notes")
    .then(({ purgeExpiredNotes }) => purgeExpiredNotes())
    .then((purged) => purged && console.log(`[sweep] start-up: ${purged} expired note(s) purged`))
    .catch((error) => console.error("[sweep] start-up note purge failed", error));
  // Documents without current passages (older than passages, imported, or interrupted), then
  // passages without a vector of the configured embedding model (none configured: nothing).
  void import("@/lib/documents/search-indexing-queue")
    .then(({ queueUnindexedDocuments }) => queueUnindexedDocuments())
    .then((queued) => queued && console.log(`[search] indexing ${queued} document(s) in the background`))
    .catch((error) => console.error("[search] start-up indexing failed", error));
  void import("@/lib/search/embedding-queue")
    .then(({ kickEmbedding }) => kickEmbedding())
    .catch((error) => console.error("[search] start-up embedding failed", error));
}
