import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";

// PGlite silently loses one process's writes when two open the same directory, so a second
// process must refuse to start. (Embedded database only: vitest.config.mts keeps this file
// out of the PostgreSQL run.)

describe("embedded database lock", () => {
  it("makes a second process fail with a clear message while this one holds the database", async () => {
    await getDb();
    const run = promisify(execFile);
    // The same command as `npm run db:migrate` (react-server: lib/db/client is server-only).
    const result = await run("npx", ["--no-install", "tsx", "--conditions=react-server", "scripts/db-migrate.ts"], {
      env: { ...process.env, DATA_DIR: process.env.DATA_DIR },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("is in use by another process");
  }, 90_000);
});
