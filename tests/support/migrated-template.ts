import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import {
  applyMigrations,
  postgresMigrationExecutor,
  readMigrations,
  type MigrationExecutor,
} from "@/lib/db/apply-migrations";
import { adminQuery, databaseUrl } from "./postgres-admin";
import { embeddedExtensions } from "@/lib/db/embedded-extensions";

// Global set-up of the integration tiers: the real migrations are applied once per run, to a
// template, and every test file then starts from a copy of it (tests/support/integration-setup.ts)
// instead of migrating a database of its own. On PGlite that skips the database's creation
// (initdb, most of a file's start-up on a 2-core machine); on PostgreSQL, the migrations.
// tests/integration/migrate-from-empty.test.ts still opens an empty database the app's way.

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite data directory (closed) at the latest migration, to copy. */
    pgliteTemplateDir: string;
    /** PostgreSQL database at the latest migration, to `CREATE DATABASE … TEMPLATE` from. */
    postgresTemplateDatabase: string;
  }
}

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const migrations = await readMigrations(MIGRATIONS_DIR);
  if (project.config.env?.TEST_DATABASE === "postgres") {
    const name = `workspace_it_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${name}"`);
    const client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
    try {
      // As lib/db/client.ts applies them: each migration in its own transaction.
      await applyMigrations(postgresMigrationExecutor(client), migrations);
    } finally {
      // A template must have no connections while databases are created from it.
      await client.end();
    }
    project.provide("postgresTemplateDatabase", name);
    return () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const root = await mkdtemp(path.join(os.tmpdir(), "workspace-it-template-"));
  const directory = path.join(root, "db");
  const pglite = await PGlite.create(directory, { extensions: await embeddedExtensions() });
  try {
    const executor: MigrationExecutor = {
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
      runScript: async (sql) => {
        await pglite.transaction(async (tx) => {
          await tx.exec(sql);
        });
      },
    };
    await applyMigrations(executor, migrations);
  } finally {
    await pglite.close();
  }
  project.provide("pgliteTemplateDir", directory);
  return () => rm(root, { recursive: true, force: true });
}
