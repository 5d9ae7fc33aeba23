import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { closeDb, getDb } from "@/lib/db/client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { signUp, type Api } from "../support/route-client";

// The operator's backup of an embedded instance: refused while a server holds DATA_DIR,
// taken once it is stopped, restored into a new folder, and that folder then serves the same
// data through the API (same session, same bytes). Embedded database only: vitest.config.mts
// keeps embedded-* files out of the PostgreSQL run.

const work = mkdtempSync(path.join(os.tmpdir(), "workspace-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function npmScript(script: "backup" | "restore", file: string, dataDir: string) {
  return promisify(execFile)(
    "npx",
    ["--no-install", "tsx", "--conditions=react-server", `scripts/${script}.ts`, file],
    {
      env: { ...process.env, DATA_DIR: dataDir },
      timeout: 90_000,
    },
  ).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** What a user sees of their account, read through the API. */
async function view(api: Api) {
  const { projects } = await (await api("GET", "/api/projects")).json();
  const shelves = [];
  for (const project of projects) {
    const { documents } = await (await api("GET", `/api/projects/${project.id}/documents`)).json();
    for (const d of documents) {
      const content = Buffer.from(
        await (await api("GET", `/api/projects/${project.id}/documents/${d.id}/content`)).arrayBuffer(),
      );
      shelves.push({ project: project.name, name: d.name, content: content.toString("base64") });
    }
  }
  const { threads } = await (await api("GET", "/api/threads")).json();
  const uploads = [];
  for (const thread of threads) {
    const { files } = await (await api("GET", `/api/threads/${thread.id}/uploads`)).json();
    for (const file of files)
      uploads.push({
        thread: thread.title,
        name: file.filename,
        content: Buffer.from(await (await api("GET", file.artifactUrl)).arrayBuffer()).toString("base64"),
      });
  }
  return { projects, shelves, threads, uploads };
}

/** The next "server start" in this process: a fresh database handle and auth on the new folder. */
async function startOn(dataDir: string) {
  await closeDb();
  process.env.DATA_DIR = dataDir;
  resetConfigForTests();
  (globalThis as { __workspaceAuth?: unknown }).__workspaceAuth = undefined;
  await getDb();
}

describe("npm run backup / npm run restore", () => {
  it("refuses while the server runs, backs up once stopped, and the restored folder serves the same data", async () => {
    const original = process.env.DATA_DIR!;
    const alice = await signUp("Alice");
    const project = await newProject(alice.api, "Kept safe");
    await uploadDocument(alice.api, project, "ledger.csv", "date,amount\n2026-01-01,12.50\n");
    const { thread } = await (
      await alice.api("POST", "/api/threads", { json: { projectId: project, title: "Notes" } })
    ).json();
    const body = new FormData();
    body.append("files", new File(["upload bytes ✓"], "note.txt"));
    expect((await alice.api("POST", `/api/threads/${thread.id}/uploads`, { body })).status).toBe(201);
    const before = await view(alice.api);
    expect(before.shelves).toHaveLength(1);
    expect(before.uploads).toHaveLength(1);

    const file = path.join(work, "backup.zip");
    const refused = await npmScript("backup", file, original);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("in use by another process");
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.partial`)).toBe(false);

    await closeDb();
    const backup = await npmScript("backup", file, original);
    expect(backup.code, backup.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);

    const restored = path.join(work, "restored");
    const restore = await npmScript("restore", file, restored);
    expect(restore.code, restore.stderr).toBe(0);
    const again = await npmScript("restore", file, restored);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("not empty");

    await startOn(restored);
    expect(await view(alice.api)).toEqual(before);

    // A server on the restored folder holds its lock: restoring over it is refused too.
    const whileRunning = await npmScript("restore", file, restored);
    expect(whileRunning.code).not.toBe(0);
    expect(whileRunning.stderr).toContain("in use by another process");
  }, 300_000);
});
