import os from "node:os";
import path from "node:path";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { loadAuthSecret } from "@/lib/storage/instance-secret";

// Instances sharing a fresh data directory start at once: they must all end up with the one
// secret the first of them wrote, complete, or sessions would not carry across them.

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "auth-secret-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it("gives every concurrent starter the same complete secret, and leaves no temporary file", async () => {
  const secrets = await Promise.all(Array.from({ length: 12 }, () => loadAuthSecret({}, dataDir)));
  expect(new Set(secrets).size).toBe(1);
  expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  expect(await loadAuthSecret({}, dataDir)).toBe(secrets[0]);
  expect(await readdir(dataDir)).toEqual(["auth-secret"]);
  expect((await stat(path.join(dataDir, "auth-secret"))).mode & 0o777).toBe(0o600);
});

it("prefers BETTER_AUTH_SECRET and writes nothing then", async () => {
  expect(await loadAuthSecret({ BETTER_AUTH_SECRET: " from-env " }, dataDir)).toBe("from-env");
  expect(await readdir(dataDir)).toEqual([]);
});
