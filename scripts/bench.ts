// npm run bench – not part of npm test. Measures, on this machine:
//  1. a 50 MiB shelf upload over HTTP against `sha256sum` + `cp` of the same file (the floor:
//     the upload must hash and write the bytes once), and
//  2. listing 100 documents of a 10,000-document shelf (first page and last page).
// Prints the timings and the ratios. Uses a fresh embedded database in a temp folder.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
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
  const { originalRelpath, documentFolderPath } = await import("@/lib/documents/document-paths");
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

await benchListing();
await benchUpload();
process.exit(0);
