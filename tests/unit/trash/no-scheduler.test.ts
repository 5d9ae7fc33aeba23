import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Retention runs on two triggers only: the trash listing and server start-up. No daemon,
// timer or scheduler may be added for it (a timer in a multi-instance deployment runs N
// times, and one in a serverless one never). The code that sweeps, and the start-up hook
// that calls it, are read for anything that schedules.

const ROOT = path.resolve(__dirname, "../../..");

function serverSources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const SCHEDULING =
  /\bsetInterval\s*\(|\bsetTimeout\s*\(|\bsetImmediate\s*\(|from\s+["'](node-cron|cron|croner|node-schedule|bree|agenda|bullmq|toad-scheduler)["']/;

describe("retention scheduling", () => {
  it("has no timer or scheduler in the sweep, the storage it walks or the start-up hook", () => {
    const files = [
      ...serverSources("lib/trash"),
      ...serverSources("lib/storage"),
      ...serverSources("app/api/trash"),
      "instrumentation.ts",
    ];
    expect(files.length).toBeGreaterThan(15);
    const offenders = files.filter((file) => SCHEDULING.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("depends on no scheduling package", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies).filter((name) => /cron|schedul|bree|agenda|bullmq/.test(name))).toEqual([]);
  });
});
