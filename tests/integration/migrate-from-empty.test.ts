import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { closeDb, databaseKind, getDb } from "@/lib/db/client";
import { migrationChecksum, readMigrations } from "@/lib/db/apply-migrations";
import { adminQuery, databaseUrl } from "../support/postgres-admin";
import { signUp } from "../support/route-client";

// Every other test file starts from a copy of a database migrated once per run; this one
// starts where a first `npm start` does, from an empty database (a new embedded directory, or
// a new PostgreSQL database), and lets the app apply every migration itself.

let emptyDir: string | null = null;
let emptyDatabase: string | null = null;

beforeAll(async () => {
  await closeDb();
  if (process.env.TEST_DATABASE === "postgres") {
    emptyDatabase = `workspace_it_empty_${randomBytes(6).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${emptyDatabase}"`);
    process.env.DATABASE_URL = databaseUrl(emptyDatabase);
  } else {
    emptyDir = mkdtempSync(path.join(os.tmpdir(), "workspace-it-empty-"));
    process.env.DATA_DIR = emptyDir;
  }
  resetConfigForTests();
});

afterAll(async () => {
  await closeDb();
  if (emptyDir) rmSync(emptyDir, { recursive: true, force: true });
  if (emptyDatabase) await adminQuery(`DROP DATABASE IF EXISTS "${emptyDatabase}" WITH (FORCE)`);
});

describe("an empty database", () => {
  it("is migrated by the app at its first use, every migration recorded as Prisma records it, and serves", async () => {
    const db = await getDb();
    expect(await databaseKind()).toBe(process.env.TEST_DATABASE === "postgres" ? "postgres" : "embedded");
    const recorded = await db.$queryRaw<{ migration_name: string; checksum: string; finished_at: Date | null }[]>`
      SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`;
    const migrations = await readMigrations(path.join(process.cwd(), "prisma", "migrations"));
    expect(recorded.map((row) => [row.migration_name, row.checksum])).toEqual(
      migrations.map((migration) => [migration.name, migrationChecksum(migration.sql)]),
    );
    expect(recorded.every((row) => row.finished_at !== null)).toBe(true);

    const { api } = await signUp();
    const { projects } = await (await api("GET", "/api/projects")).json();
    expect(projects.map((project: { name: string }) => project.name)).toEqual(["My first project"]);
  });
});
