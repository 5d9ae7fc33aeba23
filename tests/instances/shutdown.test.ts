import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../support/app-server";
import { startStubModelServer, type StubModelServer } from "../support/stub-model-server";
import { readUiStream } from "../support/ui-stream";

// A graceful stop for real (issue #12: runs interrupted by a shutdown are marked failed and the
// thread usable): instance A is scripts/serve.mjs, what `npm start` runs, and gets SIGTERM
// while it streams a reply; B, on the same PostgreSQL database, then finds the run failed with
// its partial answer saved and takes the next message at once. The lease is an hour, so only
// A's own shutdown can have closed the run: had A left it "running", B would answer 409.
// Synchronised by the stub model's recorded request state and gates; never by sleeping.
// Needs `next build` first (scripts/test.sh runs it).

const ADMIN_URL = process.env.TEST_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BASE_PORT = Number(process.env.SHUTDOWN_BASE_PORT ?? 3260);

type Json = Record<string, any>;

const databaseName = `workspace_shutdown_${randomBytes(6).toString("hex")}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "workspace-shutdown-"));
const servers: AppServer[] = [];
let stub: StubModelServer;
let env: Record<string, string | undefined>;
let cookie = "";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function call(server: AppServer, method: string, pathname: string, body?: unknown): Promise<Response> {
  const headers = new Headers({ origin: env.APP_URL! });
  if (cookie) headers.set("cookie", cookie);
  if (body !== undefined) headers.set("content-type", "application/json");
  return fetch(`${server.url}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${databaseName}`;
  stub = await startStubModelServer({ nonStreamingTurn: { type: "text", text: "Title" } });
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${BASE_PORT}`,
    OPENAI_BASE_URL: stub.url,
    OPENAI_API_KEY: "test",
    OPENAI_MODEL: "stub",
    RUN_LEASE_SECONDS: "3600",
  };
  // A first, alone: it applies the migrations; B then starts on the migrated database.
  servers.push(await startAppServer({ port: BASE_PORT, env, entry: "serve" }));
  servers.push(await startAppServer({ port: BASE_PORT + 1, env }));
  const signUp = await call(servers[0]!, "POST", "/api/auth/sign-up/email", {
    email: "shutdown@example.test",
    password: "correct horse battery",
    name: "Shutdown",
  });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await stub?.close();
  await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGTERM while a reply streams", () => {
  it("ends the run failed with its partial answer saved; the thread takes the next message at once", async () => {
    const [a, b] = servers as [AppServer, AppServer];
    const threadId = (await (await call(b, "POST", "/api/threads", { title: "shutdown" })).json()).thread.id;
    stub.enqueue({ type: "text", text: "one two three four", gate: "shutdown" });
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "count" } });
    expect(res.status).toBe(200);
    const runId = res.headers.get("x-run-id")!;
    // A stream cut off by the exit would reject: kept as a value, so the failure shows A's output.
    const answer = readUiStream(res).then(
      ({ text }) => text,
      (error: unknown) => `the stream was cut off: ${String(error)}`,
    );
    const streaming = await until("the model request to be streaming", async () =>
      stub.requests.find((r) => (r.body as Json)?.stream && r.outcome === "pending"),
    );

    await a.stop("SIGTERM");
    expect(a.exitCode(), a.output()).toBe(0);
    expect(a.output()).toContain("[shutdown] 1 run(s) in flight ended as failed");
    await until("the model call to be stopped", async () => streaming.outcome === "aborted", 5_000);
    expect(await answer, a.output()).toBe("one ");

    const { runs } = await (await call(b, "GET", `/api/threads/${threadId}/runs`)).json();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: runId, status: "failed", error: "The server shut down during this run." });
    expect(runs[0].finishedAt).toBeTruthy();
    const { messages } = await (await call(b, "GET", `/api/threads/${threadId}/messages`)).json();
    expect(messages.map((m: Json) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].parts.find((p: Json) => p.type === "text").text).toBe("one ");

    stub.enqueue({ type: "text", text: "Back again." });
    const next = await call(b, "POST", `/api/threads/${threadId}/runs`, { message: { text: "still there?" } });
    expect(next.status).toBe(200);
    expect((await readUiStream(next)).text).toBe("Back again.");
  });
});
