import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// A change to schema.prisma without a migration would ship a client that does not match the
// database. The migration generator, in check mode, diffs the migration history against it.

describe("migrations", () => {
  it("match schema.prisma (run `npm run db:migration -- <name>` after changing the schema)", async () => {
    const run = promisify(execFile);
    const result = await run("node", ["scripts/db-migration.mjs", "--check"], { timeout: 60_000 }).catch(
      (error) => error,
    );
    expect(result.stderr ?? "").toBe("");
    expect(result.stdout).toContain("Migrations match schema.prisma.");
  }, 90_000);
});
