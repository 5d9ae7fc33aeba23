import { beforeEach, describe, expect, it, vi } from "vitest";
import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { cancelRunAction, startRunAction } from "@/lib/endpoints/run-actions";
import { getDb } from "@/lib/db/client";
import { signUp, type Api, type SignedUp } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { newThread } from "../support/fixtures";

// The thread page's server actions themselves, not the HTTP routes beside them (issue #12: the
// cancel action refuses another user's run). An action has no URL to shape-check, so its
// arguments are whatever a client serialises: each must be refused as not_found, never reach a
// query as a 500, and never touch the run. The request headers of the action are the session
// cookie of whoever the test says is calling.

type Json = Record<string, any>;

const caller = vi.hoisted(() => ({ cookie: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(caller.cookie ? { cookie: caller.cookie } : {}),
}));

const { stub } = withStubModel();
beforeEach(() => {
  caller.cookie = "";
});

async function runs(api: Api, threadId: string): Promise<Json[]> {
  return (await (await api("GET", `/api/threads/${threadId}/runs`)).json()).runs;
}

/** The owner's run, held mid-answer by the stub model until `release("held")`. */
async function heldRun(owner: SignedUp) {
  const { id: threadId } = await newThread(owner.api, { title: "t" });
  stub.enqueue({ type: "text", text: "", chunks: ["partial ", "rest"], holdBeforeLast: "held" });
  const res = await owner.api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "go" } } });
  expect(res.status).toBe(200);
  const runId = res.headers.get("x-run-id")!;
  return { threadId, runId, reading: readUiStream(res) };
}

describe("cancelRunAction", () => {
  it("refuses another user's run as not_found and leaves it running; its owner stops it", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { threadId, runId, reading } = await heldRun(owner);

    caller.cookie = other.cookie;
    expect(await cancelRunAction(runId)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect((await runs(owner.api, threadId))[0]).toMatchObject({ id: runId, status: "running" });
    expect((await (await getDb()).run.findUniqueOrThrow({ where: { id: runId } })).cancelRequestedAt).toBeNull();

    caller.cookie = "";
    expect(await cancelRunAction(runId)).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect((await runs(owner.api, threadId))[0]).toMatchObject({ status: "running" });

    caller.cookie = owner.cookie;
    expect(await cancelRunAction(runId)).toEqual({ ok: true });
    stub.release("held");
    expect((await reading).text).toBe("partial ");
    await backgroundWorkSettled();
    expect((await runs(owner.api, threadId))[0]).toMatchObject({ id: runId, status: "stopped" });
  });

  it.each([
    ["not a UUID", "not-a-run"],
    ["a dot segment", ".."],
    ["NUL", "\u0000"],
    ["a UUID with NUL", "00000000-0000-4000-8000-00000000000\u0000"],
    ["an empty string", ""],
    ["a number", 42],
    ["an object", { id: "x" }],
    ["null", null],
  ])("refuses %s as a run id with not_found, and the owner's run goes on", async (_label, runId) => {
    const owner = await signUp();
    const { threadId, runId: liveRunId, reading } = await heldRun(owner);
    caller.cookie = owner.cookie;
    const errors = vi.spyOn(console, "error");
    expect(await cancelRunAction(runId as string)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(errors).not.toHaveBeenCalled();
    expect((await runs(owner.api, threadId))[0]).toMatchObject({ id: liveRunId, status: "running" });
    stub.release("held");
    expect((await reading).text).toBe("partial rest");
    await backgroundWorkSettled();
    expect((await runs(owner.api, threadId))[0]).toMatchObject({ status: "completed" });
  });
});

describe("startRunAction", () => {
  it.each([
    ["not a UUID", "not-a-thread"],
    ["NUL", "\u0000"],
    ["an object", { id: "x" }],
  ])("refuses %s as a thread id with not_found before any model call", async (_label, threadId) => {
    const owner = await signUp();
    caller.cookie = owner.cookie;
    expect(await startRunAction(threadId as string, { message: { text: "hi" } })).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    expect(stub.requests.filter((r) => r.path.endsWith("/chat/completions"))).toEqual([]);
  });

  it.each([
    ["NUL in the message", { message: { text: "hi\u0000" } }, "message.text", "Text cannot contain a NUL character."],
    ["an empty message", { message: { text: "  " } }, "message.text", "The message is empty."],
  ])(
    "refuses %s as the API does: 422, the same body word for word, nothing started",
    async (_label, request, path, detail) => {
      const owner = await signUp();
      const { id: threadId } = await newThread(owner.api, { title: "t" });
      const viaApi = await owner.api("POST", `/api/threads/${threadId}/runs`, { json: request });
      expect(viaApi.status).toBe(422);
      const { error } = await viaApi.json();
      expect(error).toEqual({
        code: "validation_failed",
        message: "Some fields are invalid.",
        details: [{ path, message: detail }],
      });
      caller.cookie = owner.cookie;
      expect(await startRunAction(threadId, request)).toEqual({ ok: false, error });
      expect(await runs(owner.api, threadId)).toEqual([]);
      expect(stub.requests.filter((r) => r.path.endsWith("/chat/completions"))).toEqual([]);
    },
  );

  it("refuses another user's thread as not_found, and starts nothing in it", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id: threadId } = await newThread(owner.api, { title: "t" });
    caller.cookie = other.cookie;
    expect(await startRunAction(threadId, { message: { text: "hi" } })).toMatchObject({
      ok: false,
      error: { code: "not_found" },
    });
    expect(await runs(owner.api, threadId)).toEqual([]);
    expect(stub.requests.filter((r) => r.path.endsWith("/chat/completions"))).toEqual([]);
  });
});
