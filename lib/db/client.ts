import "server-only";
import path from "node:path";
import { mkdir } from "node:fs/promises";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config/env";
import { applyMigrations, postgresMigrationExecutor, readMigrations, type MigrationExecutor } from "./apply-migrations";
import { lockDatabaseDirectory } from "./embedded-lock";
import { embeddedExtensions } from "./embedded-extensions";

// One Prisma client per process, over a driver adapter: embedded PGlite in $DATA_DIR/db by
// default, PostgreSQL when DATABASE_URL is set. Migrations are applied before the client is
// handed out, so a fresh data directory just works.

export type DatabaseKind = "embedded" | "postgres";
export type Db = PrismaClient;
/** The client inside an interactive transaction. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

interface DbHandle {
  prisma: PrismaClient;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const ADVISORY_MIGRATION_LOCK = 72707369; // the id Prisma's own engine uses

/**
 * PGlite runs each statement synchronously on this thread, and its promises resolve without
 * any I/O, so a chain of statements (a document's search-text batches, an export's pages)
 * runs as one unbroken stretch of microtasks: no request is read until the chain ends (one
 * 1,440-page PDF's indexing held every request of the instance for 2.2 s). A turn of the event
 * loop before each statement lets waiting requests in between statements, so a block lasts
 * one statement, never a chain. Every statement goes through execProtocolRaw (queries, exec
 * scripts, transactions' BEGIN and COMMIT).
 */
function yieldBeforeEachStatement(pglite: { execProtocolRaw: (...args: never[]) => Promise<Uint8Array> }): void {
  const execProtocolRaw = pglite.execProtocolRaw.bind(pglite);
  pglite.execProtocolRaw = async (...args) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return execProtocolRaw(...args);
  };
}

async function openEmbedded(dataDir: string): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const directory = path.resolve(dataDir, "db");
  await mkdir(path.dirname(directory), { recursive: true });
  const release = await lockDatabaseDirectory(directory);
  try {
    const pglite = await PGlite.create(directory, { extensions: await embeddedExtensions() });
    yieldBeforeEachStatement(pglite);
    const executor: MigrationExecutor = {
      query: async (sql, params) => (await pglite.query(sql, params)).rows as never[],
      runScript: async (sql) => {
        await pglite.transaction(async (tx) => {
          await tx.exec(sql);
        });
      },
    };
    await applyMigrations(executor, await readMigrations(MIGRATIONS_DIR));
    // PGlite runs no autovacuum, so nothing else ever gathers planner statistics; without
    // them the shelf's search and paging plans guess row counts of 1 (lib/documents/search-indexing-queue.ts refreshes them too).
    await pglite.exec("ANALYZE");
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    return {
      prisma,
      kind: "embedded",
      close: async () => {
        await prisma.$disconnect();
        await pglite.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { default: pg } = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_MIGRATION_LOCK]);
    await applyMigrations(postgresMigrationExecutor(client), await readMigrations(MIGRATIONS_DIR));
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  return { prisma, kind: "postgres", close: () => prisma.$disconnect() };
}

// Kept on globalThis so dev-server hot reloads reuse the open database and its lock.
const holder = globalThis as typeof globalThis & { __workspaceDb?: Promise<DbHandle> };

function handle(): Promise<DbHandle> {
  if (!holder.__workspaceDb) {
    const { databaseUrl, dataDir } = config();
    const opening = databaseUrl ? openPostgres(databaseUrl) : openEmbedded(dataDir);
    holder.__workspaceDb = opening.catch((error) => {
      holder.__workspaceDb = undefined;
      throw error;
    });
  }
  return holder.__workspaceDb;
}

export async function getDb(): Promise<Db> {
  return (await handle()).prisma;
}

export async function databaseKind(): Promise<DatabaseKind> {
  return (await handle()).kind;
}

/**
 * An interactive transaction with waits long enough for PGlite, which runs one transaction at
 * a time, and for PostgreSQL row locks held by a concurrent request.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.$transaction(work, { maxWait: 30_000, timeout: 60_000 });
}

export async function closeDb(): Promise<void> {
  const current = holder.__workspaceDb;
  holder.__workspaceDb = undefined;
  if (current) await (await current).close();
}
