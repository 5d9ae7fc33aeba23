import { beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { until, withInstanceCluster } from "../support/instance-cluster";
import { readUiStream } from "../support/ui-stream";

// A graceful stop for real (issue #12: runs interrupted by a shutdown are marked failed and the
// thread usable): instance A is scripts/serve.mjs, what `npm start` runs, and gets SIGTERM
// while it streams a reply; B, on the same PostgreSQL database, then finds the run failed with
// its partial answer saved and takes the next message at once. The lease is an hour, so only
// A's own shutdown can have closed the run: had A left it "running", B would answer 409.
// Synchronised by the stub model's recorded request state and gates; never by sleeping.
// Needs `next build` first (scripts/test.sh runs it).

const BASE_PORT = Number(process.env.SHUTDOWN_BASE_PORT ?? 3260);

type Json = Record<string, any>;

const cluster = withInstanceCluster({ name: "shutdown", basePort: BASE_PORT, leaseSeconds: 3600 });
const { call } = cluster;
const servers: AppServer[] = [];

beforeAll(async () => {
  // A first, alone: it applies the migrations; B then starts on the migrated database.
  servers.push(await cluster.start(BASE_PORT, "serve"));
  servers.push(await cluster.start(BASE_PORT + 1));
  await cluster.signUp(servers[0]!, {
    email: "shutdown@example.test",
    password: "correct horse battery",
    name: "Shutdown",
  });
}, 180_000);

describe("SIGTERM while a reply streams", () => {
  it("ends the run failed with its partial answer saved; the thread takes the next message at once", async () => {
    const [a, b] = servers as [AppServer, AppServer];
    const threadId = (await (await call(b, "POST", "/api/threads", { title: "shutdown" })).json()).thread.id;
    cluster.stub.enqueue({ type: "text", text: "one two three four", gate: "shutdown" });
    const res = await call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "count" } });
    expect(res.status).toBe(200);
    const runId = res.headers.get("x-run-id")!;
    // A stream cut off by the exit would reject: kept as a value, so the failure shows A's output.
    const answer = readUiStream(res).then(
      ({ text }) => text,
      (error: unknown) => `the stream was cut off: ${String(error)}`,
    );
    const streaming = await until("the model request to be streaming", async () =>
      cluster.stub.requests.find((r) => (r.body as Json)?.stream && r.outcome === "pending"),
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

    cluster.stub.enqueue({ type: "text", text: "Back again." });
    const next = await call(b, "POST", `/api/threads/${threadId}/runs`, { message: { text: "still there?" } });
    expect(next.status).toBe(200);
    expect((await readUiStream(next)).text).toBe("Back again.");
  });
});
