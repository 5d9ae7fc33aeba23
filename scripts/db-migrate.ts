// npm run db:migrate – applies pending migrations to the configured database (embedded PGlite
// under DATA_DIR, or DATABASE_URL) and exits. The server also does this as it starts.
import { closeDb, databaseKind, getDb } from "@/lib/db/client";

try {
  await getDb();
  console.log(`Migrations applied (${await databaseKind()} database).`);
  await closeDb();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
