// Runs once when the server starts: open the database (taking the embedded database's lock and
// applying pending migrations) so a second server on the same data directory, or a broken
// database, stops start-up with a clear message instead of failing on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDb, databaseKind } = await import("@/lib/db/client");
  const { failInterruptedRuns } = await import("@/lib/chat/run-records");
  try {
    await getDb();
    console.log(`[db] ready (${await databaseKind()} database)`);
    const interrupted = await failInterruptedRuns();
    if (interrupted) console.warn(`[chat] ${interrupted} run(s) interrupted by the last shutdown marked failed`);
  } catch (error) {
    console.error(`\n[db] cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
