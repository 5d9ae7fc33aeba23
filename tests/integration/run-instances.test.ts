import { describe, expect, it } from "vitest";
import { failInterruptedRuns } from "@/lib/chat/run-records";
import { startRun } from "@/lib/chat/start-run";
import { databaseKind, getDb } from "@/lib/db/client";
import { EXPIRED_RUN_ERROR } from "@/lib/runs/run-lease";
import { signUp, type Api } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { parseUiStream, readUiStream } from "../support/ui-stream";

// Runs across instances, as far as one process can show it: leases (a dead instance's run is
// failed when its thread is touched, a live one's never), cancel by the run row alone (the
// poll that backs up NOTIFY), and the persisted stream replayed and followed.
// tests/instances/ runs the same with two real servers.

type Json = Record<string, any>;

const { stub } = withStubModel();
const STORY = Array.from({ length: 30 }, (_, i) => `w${i + 1}`).join(" ");

async function newThread(api: Api) {
  return (await (await api("POST", "/api/threads", { json: { title: "t" } })).json()).thread as { id: string };
}

async function runs(api: Api, threadId: string): Promise<Json[]> {
  return (await (await api("GET", `/api/threads/${threadId}/runs`)).json()).runs;
}

/** A run row as another instance would have left it: running, with a lease `offsetMs` from now. */
async function foreignRun(threadId: string, userId: string, offsetMs: number) {
  const db = await getDb();
  return db.run.create({
    data: { threadId, userId, instanceId: "elsewhere:1:abcd", leaseExpiresAt: new Date(Date.now() + offsetMs) },
  });
}

async function waitUntilStreaming() {
  await expect.poll(() => stub.requests.at(-1)?.outcome, { timeout: 10_000 }).toBe("pending");
}

describe("leases", () => {
  it("shows the owner and lease while running; a live lease on another instance blocks the thread (409)", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    const live = await foreignRun(thread.id, userId, 60_000);
    const [listed] = await runs(api, thread.id);
    expect(listed).toMatchObject({
      id: live.id,
      status: "running",
      instanceId: "elsewhere:1:abcd",
      leaseExpiresAt: live.leaseExpiresAt!.toISOString(),
    });
    const refused = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "hi" } } });
    expect(refused.status).toBe(409);
  });

  it("fails a run whose lease expired when the thread is next used, and then runs the new message", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    const dead = await foreignRun(thread.id, userId, -1_000);
    stub.enqueue({ type: "text", text: "Back again." });
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "hello?" } } });
    expect(res.status).toBe(200);
    expect((await readUiStream(res)).text).toBe("Back again.");
    const all = await runs(api, thread.id);
    expect(all.find((run) => run.id === dead.id)).toMatchObject({
      status: "failed",
      error: EXPIRED_RUN_ERROR,
      instanceId: null,
      leaseExpiresAt: null,
    });
    expect(all.find((run) => run.id !== dead.id)).toMatchObject({ status: "completed" });
  });

  it("lists an expired run as failed, never as running", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    await foreignRun(thread.id, userId, -1_000);
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "failed", error: EXPIRED_RUN_ERROR });
  });

  it("at start-up fails only expired runs on PostgreSQL, and every running run on the embedded database", async () => {
    const { api, id: userId } = await signUp();
    const [liveThread, deadThread] = [await newThread(api), await newThread(api)];
    const live = await foreignRun(liveThread.id, userId, 60_000);
    const dead = await foreignRun(deadThread.id, userId, -1_000);
    await failInterruptedRuns();
    const db = await getDb();
    const status = async (id: string) => (await db.run.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(dead.id)).toBe("failed");
    expect(await status(live.id)).toBe((await databaseKind()) === "postgres" ? "running" : "failed");
  });
});

describe("cancel", () => {
  it("stops the run, waits for its partial answer to be saved, and refuses a second cancel (409)", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    stub.enqueue({ type: "text", text: STORY, gate: "cancel" }); // held until the cancel hangs up
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const runId = res.headers.get("x-run-id")!;
    const body = res.text();
    await waitUntilStreaming();
    const cancelled = await api("POST", `/api/threads/${thread.id}/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).run).toMatchObject({ id: runId, status: "stopped", instanceId: null });
    // The stub notices the hang-up when it next writes.
    await expect.poll(() => stub.requests.at(-1)?.outcome).toBe("aborted");
    const partial = parseUiStream(await body)
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join("");
    const messages = (await (await api("GET", `/api/threads/${thread.id}/messages`)).json()).messages;
    expect(messages.map((m: Json) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].parts.find((p: Json) => p.type === "text").text).toBe(partial);
    expect(partial.length).toBeLessThan(STORY.length);

    const again = await api("POST", `/api/threads/${thread.id}/runs/${runId}/cancel`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("conflict");
  });

  it("stops within a second from the run row alone, as when another instance's NOTIFY is lost", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    stub.enqueue({ type: "text", text: STORY, gate: "cancel" }); // held until the cancel hangs up
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const runId = res.headers.get("x-run-id")!;
    const body = res.text();
    await waitUntilStreaming();
    const db = await getDb();
    const requestedAt = Date.now();
    await db.run.updateMany({ where: { id: runId, userId }, data: { cancelRequestedAt: new Date() } });
    await expect.poll(() => stub.requests.at(-1)?.outcome, { timeout: 1_000, interval: 20 }).toBe("aborted");
    expect(Date.now() - requestedAt).toBeLessThan(1_000);
    await body;
    await expect.poll(async () => (await runs(api, thread.id))[0].status).toBe("stopped");
  });
});

describe("the persisted stream", () => {
  it("follows a run live to the same text, then replays the ended run whole and closes", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    stub.enqueue({ type: "text", text: STORY, gate: "follow" });
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const runId = res.headers.get("x-run-id")!;
    const direct = readUiStream(res);
    await waitUntilStreaming();
    const follow = await api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`);
    expect(follow.status).toBe(200);
    expect(follow.headers.get("x-vercel-ai-ui-message-stream")).toBe("v1");
    // Followed while the model is held after its first word, then let go: live, not a replay.
    const following = readUiStream(follow);
    stub.release("follow");
    const followed = await following;
    const { text, chunks } = await direct;
    expect(text).toBe(STORY);
    expect(followed.text).toBe(STORY);
    expect(followed.chunks.at(-1)?.type).toBe("finish");
    // The replay names the message the run saved, so a page that already has it replaces it.
    const start = followed.chunks.find((c) => c.type === "start");
    expect(start?.messageId).toBe(chunks.find((c) => c.type === "start")?.messageId);
    const messages = (await (await api("GET", `/api/threads/${thread.id}/messages`)).json()).messages;
    expect(messages[1].id).toBe(start?.messageId);

    const replay = await readUiStream(await api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`));
    expect(replay.text).toBe(STORY);
    expect(replay.chunks.map((c) => c.type)).toEqual(followed.chunks.map((c) => c.type));
  });

  it("ends a dead instance's stream with the run's error once its lease expires", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    const dead = await foreignRun(thread.id, userId, 500);
    const db = await getDb();
    await db.runStreamBatch.create({
      data: {
        runId: dead.id,
        seq: 0,
        chunks: [
          { type: "start", messageId: "m1" },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Half an ans" },
        ],
      },
    });
    const { text, chunks } = await readUiStream(await api("GET", `/api/threads/${thread.id}/runs/${dead.id}/stream`));
    expect(text).toBe("Half an ans");
    expect(chunks.at(-1)).toEqual({ type: "error", errorText: EXPIRED_RUN_ERROR });
    expect((await runs(api, thread.id))[0].status).toBe("failed");
  });

  it("is the owner's alone (404 otherwise)", async () => {
    const owner = await signUp();
    const other = await signUp();
    const thread = await newThread(owner.api);
    const run = await foreignRun(thread.id, owner.id, -1_000);
    const foreign = await other.api("GET", `/api/threads/${thread.id}/runs/${run.id}/stream`);
    const missing = await owner.api(
      "GET",
      `/api/threads/${thread.id}/runs/00000000-0000-4000-8000-000000000000/stream`,
    );
    expect([foreign.status, missing.status]).toEqual([404, 404]);
  });
});

describe("the chat page's run", () => {
  // The page starts its runs through startRunAction, which asks for this: the run outlives the
  // page that started it, so a reload (here: the first consumer cancelling its stream) is not
  // a Stop, and the reloaded page follows the run through GET …/runs/{runId}/stream.
  async function startPageRun(userId: string, threadId: string) {
    const { runId, stream } = await startRun({
      userId,
      threadId,
      trigger: { kind: "submit", text: "go" },
      outlivesClient: true,
    });
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the run ended before the page went away");
      if (value.type === "text-delta") break;
    }
    await reader.cancel(); // the page reloads
    return runId;
  }

  it("goes on when its page goes away, and is followed to the whole answer, recorded before the follower's stream ends", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api);
    stub.enqueue({ type: "text", text: STORY, delayMs: 30 });
    const runId = await startPageRun(userId, thread.id);

    const followed = await readUiStream(await api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`));
    expect(followed.text).toBe(STORY);
    // Ended only once recorded: the thread takes its next message at once (never a 409).
    const [run] = await runs(api, thread.id);
    expect(run).toMatchObject({ id: runId, status: "completed" });
    expect(stub.requests.at(-1)?.outcome).toBe("completed");
    const messages = (await (await api("GET", `/api/threads/${thread.id}/messages`)).json()).messages;
    expect(messages.map((m: Json) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[1].parts.find((p: Json) => p.type === "text").text).toBe(STORY);
    stub.enqueue({ type: "text", text: "Next." });
    const next = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "and now?" } } });
    expect(next.status).toBe(200);
    expect((await readUiStream(next)).text).toBe("Next.");
  });
});
