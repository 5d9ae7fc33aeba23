import { afterEach, describe, expect, it, vi } from "vitest";
import { failInterruptedRuns } from "@/lib/runs/lease/run-records";
import { startRun } from "@/lib/runs/start-run";
import { databaseKind, getDb } from "@/lib/db/client";
import { EXPIRED_RUN_ERROR } from "@/lib/runs/lease/run-lease";
import { signUp, type Api } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { parseUiStream, readUiStream, type UiChunk } from "../support/ui-stream";
import { newThread } from "../support/fixtures";

// Runs across instances, as far as one process can show it: leases (a dead instance's run is
// failed when its thread is touched, a live one's never), cancel by the run row alone (the
// poll that backs up NOTIFY), and the persisted stream replayed and followed.
// tests/instances/ runs the same with two real servers.

// A follower that found nothing new in the stored stream checks the run's lease before it
// waits for the next batch: the pause point `follower-idle:<thread>` holds it right there.
const pauses = await vi.hoisted(async () => (await import("../support/pause-points")).createPausePoints());

vi.mock("@/lib/runs/lease/run-lease", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/runs/lease/run-lease")>();
  return {
    ...real,
    failExpiredRuns: async (...args: Parameters<typeof real.failExpiredRuns>) => {
      if (args[1]) await pauses.pass(`follower-idle:${args[1].threadId}`);
      return real.failExpiredRuns(...args);
    },
  };
});
// A stored batch that fails once: `failNextBatch` makes the next write throw, as a database
// error would, inside the writer's own try (persist-run-stream.ts).
const faults = vi.hoisted(() => ({ failNextBatch: false, failed: 0 }));
vi.mock("@/lib/runs/stream/merge-stream-deltas", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/runs/stream/merge-stream-deltas")>();
  return {
    mergeStreamDeltas: (...args: Parameters<typeof real.mergeStreamDeltas>) => {
      if (faults.failNextBatch) {
        faults.failNextBatch = false;
        faults.failed++;
        throw new Error("the batch could not be written (injected)");
      }
      return real.mergeStreamDeltas(...args);
    },
  };
});
afterEach(() => {
  pauses.clear();
  faults.failNextBatch = false;
  faults.failed = 0;
});

type Json = Record<string, any>;

const { stub } = withStubModel();
const STORY = Array.from({ length: 30 }, (_, i) => `w${i + 1}`).join(" ");

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

const textOf = (chunks: UiChunk[]) =>
  chunks
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta)
    .join("");

/**
 * Reads a follower's stream until its first text arrives; `rest` reads on to the end and
 * gives all the text. Returned inside an object: an async function that returned the
 * reading promise itself would be awaited to the stream's end.
 */
async function readFirstWords(res: Response): Promise<{ shown: string; rest: Promise<string> }> {
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let raw = "";
  const complete = () => parseUiStream(raw.slice(0, raw.lastIndexOf("\n") + 1));
  while (textOf(complete()) === "") {
    const { done, value } = await reader.read();
    if (done) throw new Error("the stream ended before any text");
    raw += decoder.decode(value, { stream: true });
  }
  const rest = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
    }
    return textOf(parseUiStream(raw));
  })();
  return { shown: textOf(complete()), rest };
}

async function waitUntilStreaming() {
  await expect.poll(() => stub.requests.at(-1)?.outcome, { timeout: 10_000 }).toBe("pending");
}

describe("leases", () => {
  it("shows the owner and lease while running; a live lease on another instance blocks the thread (409)", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api, { title: "t" });
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
    const thread = await newThread(api, { title: "t" });
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
    const thread = await newThread(api, { title: "t" });
    await foreignRun(thread.id, userId, -1_000);
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "failed", error: EXPIRED_RUN_ERROR });
  });

  it("at start-up fails only expired runs on PostgreSQL, and every running run on the embedded database", async () => {
    const { api, id: userId } = await signUp();
    const [liveThread, deadThread] = [await newThread(api, { title: "t" }), await newThread(api, { title: "t" })];
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
    const thread = await newThread(api, { title: "t" });
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
    const thread = await newThread(api, { title: "t" });
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
    const thread = await newThread(api, { title: "t" });
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
    // The 29 words after the gate came at once and were stored together, joined into a few
    // deltas; the answer's metadata rides on its start and finish, not after every word.
    expect(replay.chunks.filter((c) => c.type === "text-delta").length).toBeLessThan(10);
    expect(replay.chunks.filter((c) => c.type === "message-metadata")).toEqual([]);
    expect(replay.chunks.find((c) => c.type === "finish")?.messageMetadata).toEqual({
      modelId: "default:stub",
      notices: [],
    });
  });

  it("stores a batch whose write failed an interval later, though the model sends nothing more meanwhile", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    faults.failNextBatch = true;
    stub.enqueue({ type: "text", text: STORY, gate: "quiet" }); // nothing after the first word until released
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const runId = res.headers.get("x-run-id")!;
    const direct = readUiStream(res);
    await expect.poll(() => faults.failed).toBe(1);

    const following = await readFirstWords(await api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`));
    expect(following.shown).toBe("w1 ");
    stub.release("quiet");
    expect(await following.rest).toBe(STORY);
    expect((await direct).text).toBe(STORY);
  });

  it("ends a dead instance's stream with the run's error once its lease expires", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api, { title: "t" });
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
    const thread = await newThread(owner.api, { title: "t" });
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
  // `leave`: "at-once" reloads before anything arrived, "after-first-word" once a word was shown.
  async function startPageRun(
    userId: string,
    threadId: string,
    leave: "at-once" | "after-first-word" = "after-first-word",
  ) {
    const { runId, stream } = await startRun({
      userId,
      threadId,
      trigger: { kind: "submit", text: "go" },
      outlivesClient: true,
    });
    const reader = stream.getReader();
    while (leave === "after-first-word") {
      const { done, value } = await reader.read();
      if (done) throw new Error("the run ended before the page went away");
      if (value.type === "text-delta") break;
    }
    await reader.cancel(); // the page reloads
    return runId;
  }

  /** Whether the run's stored stream holds any of its text yet. */
  async function textStored(runId: string): Promise<boolean> {
    const db = await getDb();
    const batches = await db.runStreamBatch.findMany({ where: { runId }, select: { chunks: true } });
    return batches.some((batch) => (batch.chunks as unknown as UiChunk[]).some((c) => c.type === "text-delta"));
  }

  /** Stop while following: the run stops, and the stored answer is exactly what the follower was shown. */
  async function stopAndCheck(
    api: Api,
    threadId: string,
    runId: string,
    following: { shown: string; rest: Promise<string> },
  ) {
    const cancelled = await api("POST", `/api/threads/${threadId}/runs/${runId}/cancel`);
    expect(cancelled.status).toBe(200);
    const text = await following.rest;
    await expect.poll(() => stub.requests.at(-1)?.outcome).toBe("aborted");
    expect((await runs(api, threadId))[0]).toMatchObject({ id: runId, status: "stopped" });
    const messages = (await (await api("GET", `/api/threads/${threadId}/messages`)).json()).messages;
    expect(messages[1].parts.find((p: Json) => p.type === "text").text).toBe(text);
    expect(text.startsWith(following.shown)).toBe(true);
    expect(text.length).toBeLessThan(STORY.length);
  }

  it("goes on when its page goes away, and is followed to the whole answer, recorded before the follower's stream ends", async () => {
    const { api, id: userId } = await signUp();
    const thread = await newThread(api, { title: "t" });
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

  // The model sends its first word and is then held at a gate, so the run is still going when
  // Stop comes. Three orderings of the follower against the batch that stores that word.
  describe("followed while the model is held after its first word, then stopped", () => {
    it("followed once the first word is stored: the replay shows it", async () => {
      const { api, id: userId } = await signUp();
      const thread = await newThread(api, { title: "t" });
      stub.enqueue({ type: "text", text: STORY, gate: "held" });
      const runId = await startPageRun(userId, thread.id);
      await expect.poll(() => textStored(runId)).toBe(true);

      const following = await readFirstWords(await api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`));
      expect(following.shown).toBe("w1 ");
      await stopAndCheck(api, thread.id, runId, following);
    });

    it("followed before the model answered: the first word arrives live", async () => {
      const { api, id: userId } = await signUp();
      const thread = await newThread(api, { title: "t" });
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      stub.enqueue({ type: "text", text: STORY, gate: "held", beforeReply: () => answered });
      const runId = await startPageRun(userId, thread.id, "at-once");
      await waitUntilStreaming();

      // The follower has read everything stored (no text yet) and is about to wait.
      const idle = pauses.arm(`follower-idle:${thread.id}`);
      const follow = api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`);
      await idle.reached;
      expect(await textStored(runId)).toBe(false);
      idle.release();
      answer();

      const following = await readFirstWords(await follow);
      expect(following.shown).toBe("w1 ");
      await stopAndCheck(api, thread.id, runId, following);
    });

    it("the first word stored between the follower's read and its wait wakes it at once", async () => {
      const { api, id: userId } = await signUp();
      const thread = await newThread(api, { title: "t" });
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      stub.enqueue({ type: "text", text: STORY, gate: "held", beforeReply: () => answered });
      const runId = await startPageRun(userId, thread.id, "at-once");
      await waitUntilStreaming();

      // Held after finding no text, while the batch with the first word is stored and its
      // wake-up sent: the follower must not miss that wake-up and sit out its poll.
      const idle = pauses.arm(`follower-idle:${thread.id}`);
      const follow = api("GET", `/api/threads/${thread.id}/runs/${runId}/stream`);
      await idle.reached;
      answer();
      await expect.poll(() => textStored(runId)).toBe(true);
      const releasedAt = Date.now();
      idle.release();

      const following = await readFirstWords(await follow);
      expect(following.shown).toBe("w1 ");
      // Its fallback poll is a second (follow-run-stream.ts); a wake-up it kept is far sooner.
      expect(Date.now() - releasedAt).toBeLessThan(1_000);
      await stopAndCheck(api, thread.id, runId, following);
    });
  });
});
