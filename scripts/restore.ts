// npm run restore -- <file> – unpacks a backup made by `npm run backup` into an empty
// DATA_DIR, with no server running on it. Start the server afterwards as usual.
import { config } from "@/lib/config/env";
import { restoreInstance } from "@/lib/portable/restore-instance";

const file = process.argv[2];
try {
  if (!file) throw new Error("Usage: npm run restore -- <file.zip>");
  if (config().databaseUrl)
    throw new Error("DATABASE_URL is set: restore PostgreSQL with pg_restore (README, Backup).");
  const { files } = await restoreInstance({ dataDir: config().dataDir, file });
  console.log(`Restored ${files} files into ${config().dataDir}.`);
} catch (error) {
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
