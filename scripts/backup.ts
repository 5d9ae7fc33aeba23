// npm run backup -- <file> – one consistent archive of an embedded instance (database and
// DATA_DIR files), taken while no server runs. PostgreSQL:
// docs/operations.md § "Backup and restore".
import { config } from "@/lib/config/env";
import { backupInstance } from "@/lib/portable/backup-instance";

const file = process.argv[2];
try {
  if (!file) throw new Error("Usage: npm run backup -- <file.zip>");
  if (config().databaseUrl)
    throw new Error("DATABASE_URL is set: back up PostgreSQL with pg_dump, then the DATA_DIR volume (README, Backup).");
  const { files, bytes } = await backupInstance({ dataDir: config().dataDir, file });
  console.log(`Backed up ${files} files (${bytes} bytes) of ${config().dataDir} to ${file}.`);
} catch (error) {
  console.error(`Backup refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
