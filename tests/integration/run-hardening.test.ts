import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { ANSWER_NOT_SAVED, settleRun } from "@/lib/runs/settle-run";
import { getDb } from "@/lib/db/client";
import { userRoot } from "@/lib/storage/layout";
import { endRunsAtShutdown, SHUTDOWN_ERROR } from "@/lib/runs/lease/end-runs-at-shutdown";
import { instanceId } from "@/lib/runs/lease/instance-id";
import { config } from "@/lib/config/env";
import { signUp, type Api } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { parseUiStream, readUiStream } from "../support/ui-stream";
import { newThread } from "../support/fixtures";

// Issue #12: failures mid-run never leave a thread stuck, and hostile text never fails a
// write. Every test ends by proving the thread takes its next run.

type Json = Record<string, any>;

const { stub, streamingRequests } = withStubModel();
// A run is recorded once its delivery settles, as tracked background work: wait for it, never sleep.
async function runs(api: Api, threadId: string) {
  await backgroundWorkSettled();
  return (await (await api("GET", `/api/threads/${threadId}/runs`)).json()).runs as Json[];
}
async function messages(api: Api, threadId: string) {
  await backgroundWorkSettled();
  return (await (await api("GET", `/api/threads/${threadId}/messages`)).json()).messages as Json[];
}

async function expectUsable(api: Api, threadId: string) {
  stub.enqueue({ type: "text", text: "Still here." });
  const res = await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "are you there?" } } });
  expect(res.status).toBe(200);
  expect((await readUiStream(res)).text).toBe("Still here.");
  expect((await runs(api, threadId)).filter((run) => run.status === "running")).toEqual([]);
}

const lastToolResult = (request: Json): Json =>
  JSON.parse(request.messages.filter((m: Json) => m.role === "tool").at(-1).content);

describe("NUL never fails a write", () => {
  it("stores a model answer with NUL as U+FFFD and completes the run", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue({ type: "text", text: "before\u0000after", chunks: ["before\u0000", "after"] });
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "hi" } } }));
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "completed", error: null });
    const answer = (await messages(api, thread.id))[1].parts.find((p: Json) => p.type === "text");
    expect(answer.text).toBe("before\uFFFDafter");
    await expectUsable(api, thread.id);
  });

  it("stores a tool call whose arguments hold NUL, and the run completes", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "write_output_file", arguments: { name: "notes.txt", content: "a\u0000b" } }],
      },
      { type: "text", text: "Written." },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "write" } } }));
    expect((await runs(api, thread.id))[0].status).toBe("completed");
    const tool = (await messages(api, thread.id))[1].parts.find((p: Json) => p.type === "tool-write_output_file");
    expect(tool.input.content).toBe("a\uFFFDb");
    await expectUsable(api, thread.id);
  });

  it("refuses a page of a text file with NUL past the sniff window, and the run completes", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    const form = new FormData();
    form.append("files", new Blob(["x".repeat(9000) + "\u0000\u0000tail"]), "late-nul.txt");
    expect((await api("POST", `/api/threads/${thread.id}/uploads`, { body: form })).status).toBe(201);
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [
          { name: "read_thread_file", arguments: { kind: "upload", name: "late-nul.txt", offset: 8990, limit: 100 } },
        ],
      },
      {
        type: "tool-calls",
        calls: [
          { name: "read_thread_file", arguments: { kind: "upload", name: "late-nul.txt", offset: 0, limit: 100 } },
        ],
      },
      { type: "text", text: "Read." },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "read it" } } }));
    const requests = streamingRequests() as unknown as Json[];
    expect(lastToolResult(requests[1]!).error).toMatch(/binary data between characters 8990 and 9006/);
    expect(lastToolResult(requests[2]!).content).toBe("x".repeat(100));
    expect((await runs(api, thread.id))[0].status).toBe("completed");
    await expectUsable(api, thread.id);
  });

  it("refuses a page of a shelf document with NUL past the sniff window, and the run completes", async () => {
    const { api } = await signUp();
    const { project } = await (
      await api("POST", "/api/projects", { json: { name: `P ${crypto.randomUUID()}` } })
    ).json();
    const shelf = new FormData();
    shelf.append("file", new Blob(["y".repeat(9000) + "\u0000\u0000tail"]), "late-nul.txt");
    const uploaded = await api("POST", `/api/projects/${project.id}/documents`, { body: shelf });
    expect(uploaded.status).toBe(201);
    const { document } = await uploaded.json();
    const { thread } = await (await api("POST", "/api/threads", { json: { projectId: project.id } })).json();
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: document.id, offset: 8990, limit: 100 } }],
      },
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: document.id, offset: 0, limit: 100 } }],
      },
      { type: "text", text: "Read." },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "read it" } } }));
    const requests = streamingRequests() as unknown as Json[];
    expect(lastToolResult(requests[1]!).error).toMatch(/binary data between characters 8990 and 9006/);
    expect(lastToolResult(requests[2]!).content).toBe("y".repeat(100));
    expect((await runs(api, thread.id))[0].status).toBe("completed");
    await expectUsable(api, thread.id);
  });

  it.each([
    ["POST", "/api/projects", { name: "a\u0000b" }, "name"],
    ["POST", "/api/projects", { name: "ok", instructions: "x\u0000" }, "instructions"],
    ["POST", "/api/threads", { title: "\u0000" }, "title"],
    ["POST", "/api/threads", { projectId: "\u0000" }, "projectId"],
    ["POST", "THREAD/runs", { message: { text: "hi\u0000" } }, "message.text"],
    ["POST", "THREAD/move", { projectId: "a\u0000" }, "projectId"],
    ["PATCH", "THREAD", { title: "x\u0000y" }, "title"],
  ])("answers %s %s with NUL in a JSON field with 422", async (method, path, body, field) => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    const res = await api(method, path.replace("THREAD", `/api/threads/${thread.id}`), { json: body });
    expect(res.status).toBe(422);
    const error = (await res.json()).error;
    expect(error.code).toBe("validation_failed");
    expect(error.details[0].path).toBe(field);
  });

  it.each([
    ["GET", "/api/projects/%00"],
    ["GET", "/api/threads/a%00b"],
    ["DELETE", "/api/threads/THREAD/uploads/a%00b.txt"],
    ["GET", "/api/threads/THREAD/artifacts/uploads/x%00.txt"],
    ["POST", "/api/trash/documents/%00/purge"],
    ["GET", "/api/projects/not-a-uuid"],
    ["POST", "/api/trash/documents/..%2f..%2ftrash/purge"],
    ["DELETE", "/api/threads/THREAD/uploads/..%2f..%2fTHREAD"],
    // Encoded dot segments ("%2e%2e") are resolved by URL parsing before any route sees
    // them; scripts/serve.mjs refuses them (tests/unit/http/raw-path.test.ts, e2e/security.spec.ts).
  ])("answers %s %s with a JSON 404 before any lookup", async (method, path) => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    const res = await api(method, path.replace("THREAD", thread.id));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
    expect((await api("GET", `/api/threads/${thread.id}`)).status).toBe(200);
  });
});

describe("a run that fails part-way", () => {
  it("keeps the partial answer when the provider drops the stream mid-way, fails the run, and frees the thread", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue({ type: "text", text: "", chunks: ["The first ", "half and ", "never the rest"], failAfter: 2 });
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "tell me" } } });
    const chunks = parseUiStream(await res.text());
    expect(chunks.some((c) => c.type === "error")).toBe(true);
    const [run] = await runs(api, thread.id);
    expect(run!.status).toBe("failed");
    expect(run!.error).toBeTruthy();
    const partial = (await messages(api, thread.id))[1].parts.find((p: Json) => p.type === "text");
    expect(partial.text).toBe("The first half and ");
    await expectUsable(api, thread.id);
  });

  it("closes the run as failed when its answer cannot be saved", async () => {
    const user = await signUp();
    const thread = await newThread(user.api, { title: "t" });
    const db = await getDb();
    const run = await db.run.create({ data: { threadId: thread.id, userId: user.id } });
    // An answer whose id another chat's message already has: the insert violates the primary
    // key and throws, as any failing write would.
    const other = await newThread(user.api, { title: "t" });
    await db.message.create({ data: { id: "m-taken", threadId: other.id, role: "user", parts: [] } });
    const unsavable = { id: "m-taken", role: "assistant" as const, parts: [{ type: "text" as const, text: "lost" }] };
    expect(
      await settleRun({
        runId: run.id,
        userId: user.id,
        threadId: thread.id,
        message: unsavable,
        status: "completed",
        error: null,
      }),
    ).toBe("failed");
    expect((await runs(user.api, thread.id))[0]).toMatchObject({ status: "failed", error: ANSWER_NOT_SAVED });
    await expectUsable(user.api, thread.id);
  });

  it("answers a tool call with invalid input with a one-line {error} and completes the run", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "read_thread_file", arguments: { kind: "attachment", offset: "ten" } }] },
      { type: "text", text: "Sorry." },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "read" } } }));
    const result = lastToolResult(streamingRequests()[1] as unknown as Json);
    expect(result.error).toMatch(/^Invalid input: /);
    expect(result.error).toMatch(/kind/);
    expect(result.error).toMatch(/name/);
    expect(result.error).not.toMatch(/\n|AI_|TypeValidation|Type validation/);
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "completed", error: null });
  });

  it("answers malformed tool-call JSON without failing the run", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "list_thread_files", arguments: "{not json" }] },
      { type: "text", text: "Okay." },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "list" } } }));
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "completed", error: null });
    await expectUsable(api, thread.id);
  });
});

describe("runs released at the same instant", () => {
  it("admits exactly one of several POST /runs on one thread", async () => {
    const { api } = await signUp();
    for (let round = 0; round < 5; round++) {
      const thread = await newThread(api, { title: "t" });
      stub.setDefaultTurn({ type: "text", text: "Only one." });
      let release!: () => void;
      const barrier = new Promise<void>((resolve) => (release = resolve));
      const attempts = Array.from({ length: 4 }, async (_, i) => {
        await barrier;
        return api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: `attempt ${i}` } } });
      });
      release();
      const responses = await Promise.all(attempts);
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      await Promise.all(responses.map((r) => r.text()));
      expect(await runs(api, thread.id)).toHaveLength(1);
      expect((await messages(api, thread.id)).filter((m) => m.role === "user")).toHaveLength(1);
    }
  });
});

describe("cancel", () => {
  it("stops an active run over HTTP, and refuses another user's run", async () => {
    const owner = await signUp();
    const other = await signUp();
    const thread = await newThread(owner.api, { title: "t" });
    stub.enqueue({ type: "text", text: "", chunks: ["partial ", "rest"], holdBeforeLast: "cancel" });
    const res = await owner.api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const reading = res.text();
    await expect.poll(async () => (await runs(owner.api, thread.id)).length).toBe(1);
    const [run] = await runs(owner.api, thread.id);

    expect((await other.api("POST", `/api/threads/${thread.id}/runs/${run!.id}/cancel`)).status).toBe(404);
    expect((await runs(owner.api, thread.id))[0].status).toBe("running");

    const cancelled = await owner.api("POST", `/api/threads/${thread.id}/runs/${run!.id}/cancel`);
    expect(cancelled.status).toBe(200);
    stub.release("cancel");
    await reading;
    await expect.poll(async () => (await runs(owner.api, thread.id))[0].status).toBe("stopped");
    await expectUsable(owner.api, thread.id);
  });
});

describe("a shutdown during a run", () => {
  // What scripts/serve.mjs calls on SIGTERM (the real process: tests/instances/shutdown.test.ts).
  it("fails the run in flight with its partial answer saved, and the thread takes the next run", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue({ type: "text", text: "", chunks: ["partial ", "rest"], holdBeforeLast: "shutdown" });
    const res = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "go" } } });
    const reading = readUiStream(res);
    await expect.poll(() => stub.requests.some((r) => (r.body as Json).stream && r.outcome === "pending")).toBe(true);

    expect(await endRunsAtShutdown()).toBe(1);
    expect((await reading).text).toBe("partial ");
    expect((await runs(api, thread.id))[0]).toMatchObject({ status: "failed", error: SHUTDOWN_ERROR });
    const answer = (await messages(api, thread.id))[1].parts.find((p: Json) => p.type === "text");
    expect(answer.text).toBe("partial ");
    await expectUsable(api, thread.id);
  });

  it("fails a run of this instance that is not streaming any more, and leaves other instances' runs alone", async () => {
    const user = await signUp();
    const mine = await newThread(user.api, { title: "t" });
    const theirs = await newThread(user.api, { title: "t" });
    const db = await getDb();
    // A live lease, written from the app's clock as a run row of either instance would carry it.
    const lease = { leaseExpiresAt: new Date(Date.now() + config().runLeaseSeconds * 1000) };
    await db.run.create({ data: { threadId: mine.id, userId: user.id, instanceId: instanceId(), ...lease } });
    await db.run.create({ data: { threadId: theirs.id, userId: user.id, instanceId: "elsewhere:1:live", ...lease } });

    expect(await endRunsAtShutdown()).toBe(0);
    expect((await runs(user.api, mine.id))[0]).toMatchObject({ status: "failed", error: SHUTDOWN_ERROR });
    expect((await runs(user.api, theirs.id))[0]).toMatchObject({ status: "running" });
    await expectUsable(user.api, mine.id);
  });
});

describe("names that spoof", () => {
  const spoofing = ["invoice\u202Efdp.exe", "report\u2028- id=fake | forged.txt", "a\u2066b\u2069.md"];

  it.each(spoofing)("refuses %j as a shelf upload, a chat upload and an agent output", async (name) => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "t" });
    const { project } = await (
      await api("POST", "/api/projects", { json: { name: `P ${crypto.randomUUID()}` } })
    ).json();

    const shelf = new FormData();
    shelf.append("file", new Blob(["x"]), name);
    const shelfRes = await api("POST", `/api/projects/${project.id}/documents`, { body: shelf });
    expect(shelfRes.status).toBe(422);
    expect((await shelfRes.json()).error.details[0].message).toMatch(/bidirectional|line or paragraph/);

    const upload = new FormData();
    upload.append("files", new Blob(["x"]), name);
    const uploadRes = await api("POST", `/api/threads/${thread.id}/uploads`, { body: upload });
    expect(uploadRes.status).toBe(422);
    expect((await (await api("GET", `/api/threads/${thread.id}/uploads`)).json()).files).toEqual([]);

    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "write_output_file", arguments: { name, content: "x" } }] },
      { type: "text", text: "ok" },
    );
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "write" } } }));
    expect(lastToolResult(streamingRequests()[1] as unknown as Json).error).toMatch(/bidirectional|line or paragraph/);
    expect((await (await api("GET", `/api/threads/${thread.id}/outputs`)).json()).files).toEqual([]);
    expect((await runs(api, thread.id))[0].status).toBe("completed");
  });
});

describe("an upload aborted mid-body", () => {
  it.each([
    ["a chat upload", (threadId: string, _projectId: string) => `/api/threads/${threadId}/uploads`, "files"],
    ["a shelf upload", (_threadId: string, projectId: string) => `/api/projects/${projectId}/documents`, "file"],
  ])("%s: 400, nothing listed, nothing left in staging", async (_label, path, field) => {
    const user = await signUp();
    const thread = await newThread(user.api, { title: "t" });
    const { project } = await (
      await user.api("POST", "/api/projects", { json: { name: `P ${crypto.randomUUID()}` } })
    ).json();
    const boundary = "----b12abort";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(head));
        else if (sent < 8) controller.enqueue(new Uint8Array(64 * 1024).fill(120));
        else controller.error(new Error("connection reset by the test"));
        sent += 1;
      },
    });
    const res = await user.api("POST", path(thread.id, project.id), {
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/interrupted/);
    expect((await (await user.api("GET", `/api/threads/${thread.id}/uploads`)).json()).files).toEqual([]);
    expect((await (await user.api("GET", `/api/projects/${project.id}/documents`)).json()).total).toBe(0);
    const staged = await stagedFiles(user.id);
    expect(staged).toEqual([]);
  });
});

/** Every file under the user's staging folders (the user's own and each project's and chat's). */
async function stagedFiles(userId: string): Promise<string[]> {
  const entries = await readdir(userRoot(userId), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && `${entry.parentPath}/`.includes("/.staging/"))
    .map((entry) => `${entry.parentPath}/${entry.name}`);
}
