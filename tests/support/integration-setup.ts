import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetConfigForTests } from "@/lib/config/env";
import { stopNotificationListener } from "@/lib/runs/lease/notification-listener";
import { adminQuery, databaseUrl } from "./postgres-admin";

// Each integration test file gets its own database, a copy of the one the global set-up
// migrated (tests/support/migrated-template.ts): a fresh embedded PGlite directory, or a
// throwaway database on the PostgreSQL server at 127.0.0.1:5432 (TEST_POSTGRES_ADMIN_URL).
// The app opens it as ever, finding every migration applied.

const dataDir = mkdtempSync(path.join(os.tmpdir(), "workspace-it-"));
let databaseName: string | null = null;

process.env.DATA_DIR = dataDir;
process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("hex");
delete process.env.APP_URL;
delete process.env.PORT;

if (process.env.TEST_DATABASE === "postgres") {
  databaseName = `workspace_it_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE "${databaseName}" TEMPLATE "${inject("postgresTemplateDatabase")}"`);
  process.env.DATABASE_URL = databaseUrl(databaseName);
} else {
  delete process.env.DATABASE_URL;
  // Where lib/db/client.ts keeps the embedded database: $DATA_DIR/db.
  cpSync(inject("pgliteTemplateDir"), path.join(dataDir, "db"), { recursive: true });
}
resetConfigForTests();

afterAll(async () => {
  // Background search indexing of the file's last uploads finishes before its database goes.
  // Imported here, not at the top: a setup file's imports load before the test file's
  // vi.mock calls, so a static import would bind the whole conversion chain (document text,
  // read-as-text, convert-to-markdown) to the real modules and no test could mock them.
  const { searchIndexingSettled } = await import("@/lib/documents/search-indexing-queue");
  await searchIndexingSettled();
  await stopNotificationListener();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});
