// What the benchmarks share (scripts/bench.ts, scripts/bench-heavy.ts): timing, servers from
// the production build, their memory, accounts on them.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

export const MiB = 1024 * 1024;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

export async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

export function treeRssBytes(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {}
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** `next start` on the build; its output is piped (for `startUpSweepDone`) and always drained. */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.stdout.resume();
  server.stderr.resume();
  return server;
}

/**
 * Resolves once the server has logged its start-up sweep's end (done or failed): that sweep
 * walks every user's files in the background, so a measurement started before it ends
 * measures the sweep too. The server's output is read throughout (a full pipe would block it).
 */
export function startUpSweepDone(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const onOutput = (chunk: Buffer) => {
      seen = (seen + chunk.toString("utf8")).slice(-4096);
      if (seen.includes("[sweep] start-up")) resolve();
    };
    server.stdout?.on("data", onOutput);
    server.stderr?.on("data", onOutput);
    server.once("exit", (code) => reject(new Error(`server exited (${code}) before its start-up sweep ended`)));
  });
}

export async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid!, "SIGTERM");
  await exited;
}

/** Signs up on a running server; the session cookie of the new account. */
export async function benchAccount(base: string): Promise<string> {
  const email = `bench-${randomUUID()}@bench.test`;
  let res: Response;
  // Sign-ups are rate limited per address: a bench that makes several waits its turn as told.
  for (let attempt = 0; ; attempt++) {
    res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email, password: "benchmark password", name: "Bench" }),
    });
    if (res.status !== 429 || attempt === 10) break;
    const seconds = Number(res.headers.get("retry-after") ?? res.headers.get("x-retry-after") ?? 10);
    await new Promise((resolve) => setTimeout(resolve, (seconds + 1) * 1000));
  }
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function postJson<T>(base: string, cookie: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", origin: base },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Runs `work` with the URL of a throwaway PostgreSQL database on BENCH_POSTGRES_ADMIN_URL's
 * server, dropped afterwards; when none can be made, says why and skips it.
 */
export async function withThrowawayPostgres(label: string, work: (url: string) => Promise<void>): Promise<void> {
  const adminUrl = process.env.BENCH_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const { default: pg } = await import("pg");
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    console.log(`[${label}] skipped: ${(error as Error).message}`);
    await admin.end().catch(() => {});
    return;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
