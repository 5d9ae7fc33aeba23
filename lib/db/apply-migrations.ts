import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Applies prisma/migrations/*/migration.sql in name order and records each in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (checksum = sha256 hex of the
// file's bytes), so a machine with Prisma's native engine accepts the database as is.

export interface MigrationExecutor {
  /** One parameterised statement. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A multi-statement script, atomically where the database allows it. */
  runScript(sql: string): Promise<void>;
}

/** What a PostgreSQL client (node-postgres) offers: enough to migrate through it. */
export interface PostgresQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A PostgreSQL client as an executor: each migration script in its own transaction. */
export function postgresMigrationExecutor(client: PostgresQueryable): MigrationExecutor {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    runScript: async (sql) => {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    },
  };
}

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
}

export async function readMigrations(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8") })),
  );
}

export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/** Returns the names of the migrations applied by this call. */
export async function applyMigrations(executor: MigrationExecutor, migrations: MigrationFile[]): Promise<string[]> {
  await executor.query(MIGRATIONS_TABLE);
  const recorded = await executor.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const failed = recorded.find((row) => !row.finished_at);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} failed earlier and is recorded as unfinished; resolve it before starting.`,
    );
  }
  const done = new Map(recorded.map((row) => [row.migration_name, row.checksum]));
  const applied: string[] = [];
  for (const migration of migrations) {
    const checksum = migrationChecksum(migration.sql);
    if (done.has(migration.name)) {
      if (done.get(migration.name) !== checksum)
        console.warn(`[migrate] ${migration.name} was edited after it was applied`);
      continue;
    }
    const id = randomUUID();
    await executor.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
      [id, checksum, migration.name],
    );
    try {
      await executor.runScript(migration.sql);
    } catch (error) {
      await executor.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [
        id,
        String((error as Error).message),
      ]);
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
    }
    await executor.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [
      id,
    ]);
    applied.push(migration.name);
  }
  return applied;
}
