// npm run bench – not part of npm test. Measures, on this machine:
//  1. a 50 MiB shelf upload over HTTP against `sha256sum` + `cp` of the same file (the floor:
//     the upload must hash and write the bytes once), and
//  2. listing 100 documents of a 10,000-document shelf (first page and last page), and
//  3. exporting a 10,000-document account over HTTP against `zip -0` of the same files, with
//     the server's RSS growth while it streams (skips the baseline when `zip` is missing).
// Prints the timings and the ratios. Uses a fresh embedded database in a temp folder.
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const MiB = 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function benchListing(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-list-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const { getDb, closeDb } = await import("@/lib/db/client");
  const { listDocuments } = await import("@/lib/documents/list-documents");
  const { originalRelpath, documentFolderPath } = await import("@/lib/storage/layout");
  const db = await getDb();
  const userId = randomUUID().replace(/-/g, "");
  await db.user.create({ data: { id: userId, name: "Bench", email: `${userId}@bench.test` } });
  const project = await db.project.create({ data: { userId, name: "Bench", nameKey: "bench" } });
  const total = 10_000;
  const content = Buffer.from("benchmark document\n");
  const rows = Array.from({ length: total }, (_, i) => {
    const id = randomUUID();
    const sha256 = randomBytes(32).toString("hex");
    const location = { projectId: project.id, sha256, documentId: id };
    const folder = path.join(documentFolderPath({ userId, ...location }), "original");
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `doc-${i}.txt`), content);
    return {
      id,
      projectId: project.id,
      userId,
      name: `doc-${i}.txt`,
      storedRelpath: originalRelpath(location, `doc-${i}.txt`),
      sha256,
      sizeBytes: BigInt(content.length),
      updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.projectDocument.createMany({ data: rows.slice(i, i + 1000) });

  for (const offset of [0, total - 100]) {
    const runs: number[] = [];
    for (let i = 0; i < 25; i++) {
      const [ms, page] = await time(() => listDocuments({ userId, projectId: project.id, limit: 100, offset }));
      if (page.documents.length !== 100 || page.total !== total) throw new Error("listing returned the wrong page");
      runs.push(ms);
    }
    console.log(`list 100 of ${total} at offset ${offset}: median ${median(runs).toFixed(1)} ms, max ${Math.max(...runs).toFixed(1)} ms`);
  }
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

async function benchUpload(): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) execFileSync("npx", ["--no-install", "next", "build"], { stdio: "inherit" });
  const port = 3199;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-upload-"));
  const server = spawn("npx", ["--no-install", "next", "start", "-p", String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), UPLOAD_MAX_BYTES: String(200 * MiB), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitForHealth(`${base}/api/health`);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: `bench-${randomUUID()}@bench.test`, password: "benchmark password", name: "Bench" }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { project } = await (
      await fetch(`${base}/api/projects`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "Bench" }) })
    ).json();

    const work = mkdtempSync(path.join(os.tmpdir(), "bench-file-"));
    const file = path.join(work, "big.bin");
    writeFileSync(file, randomBytes(50 * MiB));

    const uploads: number[] = [];
    const floors: number[] = [];
    for (let i = 0; i < 3; i++) {
      // Fresh bytes each round so deduplication cannot short-cut the write.
      writeFileSync(file, randomBytes(50 * MiB));
      const [floorMs] = await time(async () => {
        execFileSync("sha256sum", [file]);
        execFileSync("cp", [file, path.join(work, `copy-${i}.bin`)]);
      });
      floors.push(floorMs);
      const form = new FormData();
      form.append("file", await openAsBlob(file), `big-${i}.bin`);
      const [ms, res] = await time(() => fetch(`${base}/api/projects/${project.id}/documents`, { method: "POST", headers: { cookie }, body: form }));
      if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
      uploads.push(ms);
    }
    const upload = median(uploads);
    const floor = median(floors);
    console.log(`50 MiB upload over HTTP: median ${upload.toFixed(0)} ms (${((50 / upload) * 1000).toFixed(0)} MiB/s)`);
    console.log(`sha256sum + cp of the same file: median ${floor.toFixed(0)} ms`);
    console.log(`ratio upload / (sha256sum + cp): ${(upload / floor).toFixed(2)}`);
    rmSync(work, { recursive: true, force: true });
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
function treeRssBytes(rootPid: number): number {
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

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid!, "SIGTERM");
  await exited;
}

/**
 * 3. GET /api/export of a 10,000-document account (16 KiB each) over HTTP, against `zip -0`
 * of the same files (the floor: both store the bytes once, uncompressed), and the server's
 * RSS growth while it streams (target ≤ 64 MiB: memory must not grow with the account).
 */
async function benchExport(): Promise<void> {
  if (!existsSync(".next/BUILD_ID")) execFileSync("npx", ["--no-install", "next", "build"], { stdio: "inherit" });
  const port = 3711;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-export-"));
  const total = 10_000;
  const documentBytes = 16 * 1024;
  let server = startServer(port, dataDir);
  try {
    await waitForHealth(`${base}/api/health`);
    const accounts = [];
    for (const name of ["Bench", "Warmup"]) {
      const res = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: `${name.toLowerCase()}-${randomUUID()}@bench.test`, password: "benchmark password", name }),
      });
      const { user } = (await res.json()) as { user: { id: string } };
      accounts.push({ userId: user.id, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    }
    const [bench, warmup] = accounts as [{ userId: string; cookie: string }, { userId: string; cookie: string }];
    // The embedded database serves one process: stop the server to fill the account directly.
    await stopServer(server);

    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    const { resetConfigForTests } = await import("@/lib/config/env");
    resetConfigForTests();
    const { getDb, closeDb } = await import("@/lib/db/client");
    const { originalRelpath, documentFolderPath } = await import("@/lib/storage/layout");
    const { projectsRoot } = await import("@/lib/storage/layout");
    const db = await getDb();
    const project = await db.project.create({ data: { userId: bench.userId, name: "Export bench", nameKey: "export bench" } });
    const rows = [];
    for (let i = 0; i < total; i++) {
      const id = randomUUID();
      const content = randomBytes(documentBytes);
      const sha256 = createHash("sha256").update(content).digest("hex");
      const location = { projectId: project.id, sha256, documentId: id };
      const folder = path.join(documentFolderPath({ userId: bench.userId, ...location }), "original");
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `doc-${i}.bin`), content);
      rows.push({ id, projectId: project.id, userId: bench.userId, name: `doc-${i}.bin`, storedRelpath: originalRelpath(location, `doc-${i}.bin`), sha256, sizeBytes: BigInt(documentBytes) });
    }
    for (let i = 0; i < rows.length; i += 1000) await db.projectDocument.createMany({ data: rows.slice(i, i + 1000) });
    await closeDb();

    server = startServer(port, dataDir);
    await waitForHealth(`${base}/api/health`);
    // Load the route and its modules once (a one-document account), so the growth measured
    // next is what streaming 10,000 documents costs, not the first request's code loading.
    await (await fetch(`${base}/api/export`, { headers: { cookie: warmup.cookie } })).arrayBuffer();
    const rssBefore = treeRssBytes(server.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, treeRssBytes(server.pid!))), 50);
    let zipBytes = 0;
    const [exportMs] = await time(async () => {
      const res = await fetch(`${base}/api/export`, { headers: { cookie: bench.cookie } });
      if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status}`);
      const reader = res.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) zipBytes += read.value.byteLength;
    });
    clearInterval(sampler);
    const payloadMiB = (total * documentBytes) / MiB;
    const growthMiB = (rssPeak - rssBefore) / MiB;
    console.log(`export of ${total} documents (${payloadMiB.toFixed(0)} MiB) over HTTP: ${exportMs.toFixed(0)} ms (${((payloadMiB / exportMs) * 1000).toFixed(0)} MiB/s), zip ${(zipBytes / MiB).toFixed(0)} MiB`);
    console.log(`server RSS: ${(rssBefore / MiB).toFixed(0)} MiB before, peak ${(rssPeak / MiB).toFixed(0)} MiB, growth ${growthMiB.toFixed(1)} MiB (target ≤ 64 MiB: ${growthMiB <= 64 ? "met" : "MISSED"})`);

    const hasZip = spawnSync("zip", ["-v"], { stdio: "ignore" }).status === 0;
    if (!hasZip) {
      console.log("zip -0 baseline skipped: `zip` is not installed (apt-get install zip)");
    } else {
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-zip-")), "baseline.zip");
      const [zipMs] = await time(async () => {
        execFileSync("zip", ["-0", "-r", "-q", out, "."], { cwd: projectsRoot(bench.userId) });
      });
      console.log(`zip -0 -r of the same files: ${zipMs.toFixed(0)} ms (${((payloadMiB / zipMs) * 1000).toFixed(0)} MiB/s)`);
      console.log(`ratio export / zip -0: ${(exportMs / zipMs).toFixed(2)}`);
      rmSync(path.dirname(out), { recursive: true, force: true });
    }
  } finally {
    if (server.exitCode === null) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench -- export` runs one benchmark; no argument runs them all.
const benches: Record<string, () => Promise<void>> = { listing: benchListing, upload: benchUpload, export: benchExport };
for (const [name, run] of Object.entries(benches)) {
  if (!process.argv[2] || process.argv[2] === name) await run();
}
process.exit(0);
