import { readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { until, withInstanceCluster } from "../support/instance-cluster";
import { readUiStream } from "../support/ui-stream";
import { newThread, type CallsApi } from "../support/fixtures";

// Many instances for real (docs/operations.md § "Several instances on one PostgreSQL"): two `next
// start` processes from the production build on one throwaway PostgreSQL database and one data
// directory, as behind a load balancer with no stickiness. A third starts mid-run, and one is
// killed mid-run. Synchronised by the stub model's recorded request states and gates, and by
// polling with deadlines; never by sleeping. Needs `next build` first (scripts/test.sh runs it).

const BASE_PORT = Number(process.env.INSTANCES_BASE_PORT ?? 3200);
const LEASE_SECONDS = 2;

type Json = Record<string, any>;

const cluster = withInstanceCluster({ name: "instances", basePort: BASE_PORT, leaseSeconds: LEASE_SECONDS });
const { call, start } = cluster;
let a: AppServer;
let b: AppServer;
let userId = "";

const lastRequest = () => cluster.stub.requests.filter((r) => (r.body as Json)?.stream).at(-1);
const streamingHeld = () =>
  until("the model request to be streaming", async () => lastRequest()?.outcome === "pending");

/** Calls through `server` the way route-client's `api` calls the in-process routes. */
const apiOf =
  (server: AppServer): CallsApi =>
  (method, pathname, options = {}) =>
    call(server, method, pathname, options.json);

async function runsOf(server: AppServer, threadId: string): Promise<Json[]> {
  return (await (await call(server, "GET", `/api/threads/${threadId}/runs`)).json()).runs;
}

beforeAll(async () => {
  [a, b] = await Promise.all([start(BASE_PORT), start(BASE_PORT + 1)]);
  userId = await cluster.signUp(a, { email: "many@example.test", password: "correct horse battery", name: "Many" });
}, 180_000);

describe("two instances on one database and one data directory", () => {
  it("share sessions: a cookie from A works on B", async () => {
    const res = await call(b, "GET", "/api/projects");
    expect(res.status).toBe(200);
  });

  it("cancel through B stops a run streaming on A within a second, keeping its partial answer", async () => {
    const threadId = (await newThread(apiOf(b), { title: "multi" })).id;
    cluster.stub.enqueue({ type: "text", text: "one two three four five six", gate: "cancel" });
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "count" } });
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    await streamingHeld();
    const [running] = await runsOf(b, threadId);
    expect(running).toMatchObject({ id: runId, status: "running" });
    expect(running.instanceId).toContain(`:${a.pid}:`);

    const sentAt = Date.now();
    const cancelled = await call(b, "POST", `/api/threads/${threadId}/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).run).toMatchObject({ id: runId, status: "stopped" });
    await until("the model request to be aborted", async () => lastRequest()?.outcome === "aborted", 1_000);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect((await body).text).toBe("one ");
    const { messages } = await (await call(b, "GET", `/api/threads/${threadId}/messages`)).json();
    expect(messages.map((m: Json) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].parts.find((p: Json) => p.type === "text").text).toBe("one ");
  });

  it("following A's run through B yields the same final text, live and replayed", async () => {
    const threadId = (await newThread(apiOf(a), { title: "multi" })).id;
    const answer = "Followed from the other instance, word by word.";
    cluster.stub.enqueue({ type: "text", text: answer, gate: "follow" });
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "hi" } });
    const runId = res.headers.get("x-run-id")!;
    const direct = readUiStream(res);
    await streamingHeld();
    const follow = await call(b, "GET", `/api/threads/${threadId}/runs/${runId}/stream`);
    expect(follow.status).toBe(200);
    const followed = readUiStream(follow);
    cluster.stub.release("follow");
    expect((await direct).text).toBe(answer);
    expect((await followed).text).toBe(answer);
    expect((await readUiStream(await call(b, "GET", `/api/threads/${threadId}/runs/${runId}/stream`))).text).toBe(
      answer,
    );
  });

  it("a third instance starting while A streams does not fail A's run", async () => {
    const threadId = (await newThread(apiOf(a), { title: "multi" })).id;
    cluster.stub.enqueue({ type: "text", text: "Still mine after the newcomer started.", gate: "third" });
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "hi" } });
    const body = readUiStream(res);
    await streamingHeld();
    const c = await start(BASE_PORT + 2);
    // C has run its start-up (Next serves only after instrumentation's register): A's run is still A's.
    expect(c.output()).toContain("[db] ready (postgres database)");
    const [during] = await runsOf(c, threadId);
    expect(during).toMatchObject({ status: "running" });
    expect(lastRequest()?.outcome).toBe("pending");
    cluster.stub.release("third");
    expect((await body).text).toBe("Still mine after the newcomer started.");
    expect((await runsOf(c, threadId))[0]).toMatchObject({ status: "completed", error: null });
    await c.stop();
  });

  it("sign-in attempts spread over A and B spend one shared budget", async () => {
    // Per account and address, 5 attempts a minute (lib/auth/sign-in-limits.ts). Alternating
    // instances, each sees at most three: with a budget per process none would refuse.
    const max = 5; // SIGN_IN_LIMITS.accountAndAddress.max
    const attempt = (server: AppServer) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: cluster.env.APP_URL! },
        body: JSON.stringify({ email: "many@example.test", password: "not the password" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses).toEqual(Array(max).fill(401));
    const refusedOnB = await attempt(b);
    expect(refusedOnB.status).toBe(429);
    expect(Number(refusedOnB.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await attempt(a)).status).toBe(429);
    // The right password is refused too until the window passes: the budget counts attempts.
    const right = await fetch(`${a.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.env.APP_URL! },
      body: JSON.stringify({ email: "many@example.test", password: "correct horse battery" }),
    });
    expect(right.status).toBe(429);
  });

  it("identical uploads split across A and B at once leave one row and one stored file", async () => {
    const { project } = await (await call(a, "POST", "/api/projects", { name: "Shared shelf" })).json();
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      const bytes = `identical bytes, round ${round}\n`.repeat(200);
      // The barrier: every request is built first, then all are sent in the same tick.
      const requests = Array.from({ length: 6 }, (_, i) => {
        const form = new FormData();
        form.append("file", new Blob([bytes], { type: "text/plain" }), `copy-${i}.txt`);
        return () => call(i % 2 ? b : a, "POST", `/api/projects/${project.id}/documents`, form);
      });
      const responses = await Promise.all(requests.map((send) => send()));
      const bodies = await Promise.all(responses.map((res) => res.json()));
      expect(responses.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(bodies.map((body) => body.document.id)).size).toBe(1);
    }
    const listed = await (await call(b, "GET", `/api/projects/${project.id}/documents`)).json();
    expect(listed.total).toBe(rounds);
    const originals = readdirSync(path.join(cluster.dataDir, "users", userId, "projects", project.id, "documents"), {
      recursive: true,
      withFileTypes: true,
    }).filter((entry) => entry.isFile() && path.basename(entry.parentPath) === "original");
    expect(originals).toHaveLength(rounds);
  });

  // Last: it kills A.
  it("killing A mid-run lets the thread accept a new run once the lease expires", async () => {
    const threadId = (await newThread(apiOf(b), { title: "multi" })).id;
    cluster.stub.enqueue(
      { type: "text", text: "never finished", gate: "killed" },
      { type: "text", text: "Answered by B." },
    );
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "first" } });
    const deadRunId = res.headers.get("x-run-id")!;
    void res.text().catch(() => undefined);
    await streamingHeld();
    await a.stop("SIGKILL");

    // The lease still stands right after the kill: the thread is busy, not broken.
    const early = await call(b, "POST", `/api/threads/${threadId}/runs`, { message: { text: "second" } });
    expect(early.status).toBe(409);
    const accepted = await until(
      "B to accept a new run",
      async () => {
        const attempt = await call(b, "POST", `/api/threads/${threadId}/runs`, { message: { text: "second" } });
        if (attempt.status === 200) return attempt;
        expect(attempt.status).toBe(409);
        return undefined;
      },
      (LEASE_SECONDS + 5) * 1_000,
    );
    expect((await readUiStream(accepted)).text).toBe("Answered by B.");
    const runs = await runsOf(b, threadId);
    expect(runs.find((run) => run.id === deadRunId)).toMatchObject({
      status: "failed",
      error: "The server streaming this reply stopped responding.",
    });
  });
});
