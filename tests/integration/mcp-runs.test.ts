import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { signUp, type Api } from "../support/route-client";
import { startMcpTestServer, type McpTestServer } from "../support/mcp-test-server";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream, undeclaredChunks, type UiChunk } from "../support/ui-stream";
import { json, newThread, type Json } from "../support/fixtures";

// MCP tools in a run (docs/architecture.md § "The path of a run", step 4), against a real MCP
// server started here and the scripted model: a read-only call whose result reaches the model; a
// write call that waits for the person (approved, denied, allowed for the chat, timed out, answered
// by another instance through the row alone); a dead server, a slow one, a huge result, the bound
// on tools.

process.env.MCP_ALLOWED_HOSTS = "127.0.0.1";
resetConfigForTests();
const { stub, streamingRequests } = withStubModel();

let mcp: McpTestServer;
beforeAll(async () => {
  mcp = await startMcpTestServer({ bearer: "run-secret" });
});
afterAll(async () => {
  await mcp?.close();
});
const ENV_KEYS = [
  "MCP_APPROVAL_TIMEOUT_SECONDS",
  "MCP_TOOL_TIMEOUT_MS",
  "MCP_RESULT_MAX_BYTES",
  "MCP_CONNECT_TIMEOUT_MS",
  "MCP_MAX_TOOLS_PER_RUN",
];
afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
  resetConfigForTests();
});
function setEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetConfigForTests();
}

async function connect(api: Api, name: string, url = mcp.url, extra: Json = {}): Promise<Json> {
  const res = await api("POST", "/api/mcp-servers", {
    json: { name, url, headers: { Authorization: "Bearer run-secret" }, ...extra },
  });
  expect(res.status).toBe(201);
  return (await json(res)).server;
}

function startRun(api: Api, threadId: string, text: string) {
  return api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text } } });
}

async function pendingApproval(runId: string) {
  const db = await getDb();
  await expect
    .poll(async () => (await db.mcpToolApproval.findFirst({ where: { runId } }))?.status, { timeout: 15_000 })
    .toBe("pending");
  return db.mcpToolApproval.findFirstOrThrow({ where: { runId } });
}

const toolResults = (request: ChatRequest | undefined) =>
  (request?.messages ?? []).filter((m) => m.role === "tool").map((m) => JSON.parse(contentText(m) || m.content));
const offered = (request: ChatRequest | undefined) => (request?.tools ?? []).map((t) => t.function.name);
const approvalParts = (chunks: UiChunk[]) =>
  chunks.filter((c) => c.type === "data-mcp-approval").map((c) => (c.data as Json).status);
const creates = () => mcp.calls.filter((call) => call.tool === "create_issue");

async function lastAnswer(api: Api, threadId: string): Promise<Json> {
  const { messages } = await json(await api("GET", `/api/threads/${threadId}/messages`));
  return messages.at(-1);
}

describe("read-only tools", () => {
  it("are offered by name and run at once; the result reaches the model", async () => {
    const { api } = await signUp();
    await connect(api, "Notes");
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "mcp__Notes__search_notes", arguments: { query: "budget" } }] },
      { type: "text", text: "The notes say so." },
    );
    const { text, chunks } = await readUiStream(await startRun(api, thread.id, "what do the notes say?"));
    expect(text).toBe("The notes say so.");
    const [first, second] = streamingRequests();
    expect(offered(first)).toEqual(
      expect.arrayContaining(["mcp__Notes__search_notes", "mcp__Notes__create_issue", "list_thread_files"]),
    );
    expect(toolResults(second)).toEqual([{ result: "found: budget" }]);
    expect(approvalParts(chunks)).toEqual([]);
    expect(mcp.calls.at(-1)).toEqual({ tool: "search_notes", args: { query: "budget" } });
    // The tool card's record: the call, its arguments and the result, stored with the answer.
    const answer = await lastAnswer(api, thread.id);
    expect(answer.parts.find((p: Json) => p.type === "tool-mcp__Notes__search_notes")).toMatchObject({
      state: "output-available",
      input: { query: "budget" },
      output: { result: "found: budget" },
    });
  });

  it("are offered only in the chats the connection is enabled for", async () => {
    const { api } = await signUp();
    const project = (await json(await api("POST", "/api/projects", { json: { name: "Ops" } }))).project;
    await connect(api, "OpsOnly", mcp.url, { enabledFor: "projects", projectIds: [project.id] });
    const loose = await newThread(api, { title: "loose" });
    await readUiStream(await startRun(api, loose.id, "hi"));
    expect(offered(streamingRequests().at(-1)).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    const inProject = await newThread(api, { title: "ops", projectId: project.id });
    await readUiStream(await startRun(api, inProject.id, "hi"));
    expect(offered(streamingRequests().at(-1))).toContain("mcp__OpsOnly__search_notes");
  });
});

describe("tools that are not read-only", () => {
  it("wait for the person's approval, then run, and the chat shows the question and its answer", async () => {
    const { api } = await signUp();
    await connect(api, "Tracker");
    const thread = await newThread(api, { title: "t" });
    const before = creates().length;
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ id: "call_ok", name: "mcp__Tracker__create_issue", arguments: { title: "Fix" } }],
      },
      { type: "text", text: "Filed." },
    );
    const res = await startRun(api, thread.id, "file it");
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    await pendingApproval(runId);
    expect(creates().length).toBe(before);

    const answered = await api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_ok", approve: true },
    });
    expect(answered.status).toBe(200);
    expect((await json(answered)).approval).toEqual({ toolCallId: "call_ok", status: "approved", forThread: false });
    const { text, chunks } = await body;
    expect(text).toBe("Filed.");
    expect(creates().length).toBe(before + 1);
    expect(toolResults(streamingRequests()[1])).toEqual([
      { result: expect.stringMatching(/^created issue #\d+: Fix$/) },
    ]);
    expect(approvalParts(chunks)).toEqual(["pending", "approved"]);
    expect(undeclaredChunks(chunks)).toEqual([]);
    // Stored with the answer: the card shows how the call was decided after a reload.
    const answer = await lastAnswer(api, thread.id);
    expect(answer.parts.find((p: Json) => p.type === "data-mcp-approval")?.data).toMatchObject({
      toolCallId: "call_ok",
      server: "Tracker",
      tool: "create_issue",
      status: "approved",
    });
    // Answered once: a second answer is a 409.
    const again = await api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_ok", approve: false },
    });
    expect(again.status).toBe(409);
  });

  it("never run when denied: the model gets an {error}", async () => {
    const { api } = await signUp();
    await connect(api, "Tracker");
    const thread = await newThread(api, { title: "t" });
    const before = creates().length;
    stub.enqueue(
      { type: "tool-calls", calls: [{ id: "call_no", name: "mcp__Tracker__create_issue", arguments: { title: "X" } }] },
      { type: "text", text: "Understood, not filed." },
    );
    const res = await startRun(api, thread.id, "file it");
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    await pendingApproval(runId);
    const denied = await api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_no", approve: false },
    });
    expect((await json(denied)).approval.status).toBe("denied");
    expect((await body).text).toBe("Understood, not filed.");
    expect(creates().length).toBe(before);
    expect(toolResults(streamingRequests()[1])).toEqual([{ error: expect.stringContaining("denied") }]);
  });

  it("run without asking again once allowed for the chat, in that chat only", async () => {
    const { api } = await signUp();
    await connect(api, "Tracker");
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      { type: "tool-calls", calls: [{ id: "call_a", name: "mcp__Tracker__create_issue", arguments: { title: "A" } }] },
      { type: "text", text: "One." },
    );
    const res = await startRun(api, thread.id, "file A");
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    await pendingApproval(runId);
    const allowed = await api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_a", approve: true, forThread: true },
    });
    expect((await json(allowed)).approval).toMatchObject({ status: "approved", forThread: true });
    await body;

    const before = creates().length;
    stub.enqueue(
      { type: "tool-calls", calls: [{ id: "call_b", name: "mcp__Tracker__create_issue", arguments: { title: "B" } }] },
      { type: "text", text: "Two." },
    );
    const second = await startRun(api, thread.id, "file B");
    const secondRun = second.headers.get("x-run-id")!;
    const { text, chunks } = await readUiStream(second);
    expect(text).toBe("Two.");
    expect(creates().length).toBe(before + 1);
    expect(approvalParts(chunks)).toEqual([]);
    expect(await (await getDb()).mcpToolApproval.count({ where: { runId: secondRun } })).toBe(0);

    // Another chat still asks.
    const other = await newThread(api, { title: "other" });
    stub.enqueue({
      type: "tool-calls",
      calls: [{ id: "call_c", name: "mcp__Tracker__create_issue", arguments: { title: "C" } }],
    });
    const third = await startRun(api, other.id, "file C");
    const thirdRun = third.headers.get("x-run-id")!;
    const thirdBody = readUiStream(third);
    await pendingApproval(thirdRun);
    await api("POST", `/api/threads/${other.id}/runs/${thirdRun}/approvals`, {
      json: { toolCallId: "call_c", approve: false },
    });
    await thirdBody;
  });

  it("end the run cleanly when nobody answers in time; a late answer is refused", async () => {
    setEnv({ MCP_APPROVAL_TIMEOUT_SECONDS: "1" });
    const { api } = await signUp();
    await connect(api, "Tracker");
    const thread = await newThread(api, { title: "t" });
    const before = creates().length;
    stub.enqueue({
      type: "tool-calls",
      calls: [{ id: "call_late", name: "mcp__Tracker__create_issue", arguments: { title: "L" } }],
    });
    const res = await startRun(api, thread.id, "file it");
    const runId = res.headers.get("x-run-id")!;
    const { chunks } = await readUiStream(res);
    expect(approvalParts(chunks)).toEqual(["pending", "expired"]);
    expect(streamingRequests()).toHaveLength(1);
    expect(creates().length).toBe(before);
    const { runs } = await json(await api("GET", `/api/threads/${thread.id}/runs`));
    expect(runs[0]).toMatchObject({ id: runId, status: "completed" });
    const answer = await lastAnswer(api, thread.id);
    expect(answer.parts.find((p: Json) => p.type === "tool-mcp__Tracker__create_issue")?.output).toEqual({
      error: expect.stringContaining("in time"),
    });
    const late = await api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_late", approve: true },
    });
    expect(late.status).toBe(409);
    // The chat takes the next message at once.
    stub.enqueue({ type: "text", text: "Next." });
    expect((await readUiStream(await startRun(api, thread.id, "again"))).text).toBe("Next.");
  });

  it("resume when the answer reaches the row from another instance, with no signal at all", async () => {
    const { api } = await signUp();
    await connect(api, "Tracker");
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ id: "call_far", name: "mcp__Tracker__create_issue", arguments: { title: "F" } }],
      },
      { type: "text", text: "Done from afar." },
    );
    const res = await startRun(api, thread.id, "file it");
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    const row = await pendingApproval(runId);
    // What answerApproval writes on another instance whose NOTIFY never arrives: the poll finds it.
    await (
      await getDb()
    ).mcpToolApproval.update({
      where: { id: row.id },
      data: { status: "approved", answeredAt: new Date() },
    });
    expect((await body).text).toBe("Done from afar.");
    expect(creates().at(-1)?.args).toEqual({ title: "F" });
  });

  it("take answers only from their own person (404)", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    await connect(owner.api, "Tracker");
    const thread = await newThread(owner.api, { title: "t" });
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ id: "call_mine", name: "mcp__Tracker__create_issue", arguments: { title: "M" } }],
      },
      { type: "text", text: "ok" },
    );
    const res = await startRun(owner.api, thread.id, "file it");
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    await pendingApproval(runId);
    const foreign = await other.api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_mine", approve: true },
    });
    expect(foreign.status).toBe(404);
    const unknown = await owner.api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_other", approve: true },
    });
    expect(unknown.status).toBe(404);
    await owner.api("POST", `/api/threads/${thread.id}/runs/${runId}/approvals`, {
      json: { toolCallId: "call_mine", approve: false },
    });
    await body;
  });
});

describe("servers that fail", () => {
  it("leaves a dead server out of the run with a notice, and the run goes on", async () => {
    const { api } = await signUp();
    const dead = await startMcpTestServer();
    await connect(api, "Dead", dead.url);
    await connect(api, "Alive");
    await dead.close();
    const thread = await newThread(api, { title: "t" });
    stub.enqueue({ type: "text", text: "Still here." });
    const { text, chunks } = await readUiStream(await startRun(api, thread.id, "hi"));
    expect(text).toBe("Still here.");
    // The notice rides in the stream's metadata, as the OpenAPI document declares it.
    expect(chunks.some((c) => JSON.stringify(c).includes("mcp_server_left_out"))).toBe(true);
    expect(undeclaredChunks(chunks)).toEqual([]);
    const names = offered(streamingRequests()[0]);
    expect(names.some((name) => name.startsWith("mcp__Dead__"))).toBe(false);
    expect(names).toContain("mcp__Alive__search_notes");
    const answer = await lastAnswer(api, thread.id);
    expect(answer.metadata.mcpNotices).toEqual([
      { kind: "mcp_server_left_out", server: "Dead", reason: "unreachable" },
    ]);
  });

  it("leaves a server that does not answer out after MCP_CONNECT_TIMEOUT_MS", async () => {
    const { api } = await signUp();
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      setEnv({ MCP_CONNECT_TIMEOUT_MS: "300" });
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
      const res = await api("POST", "/api/mcp-servers", { json: { name: "Silent", url } });
      expect((await json(res)).server.status).toBe("unreachable");
      const thread = await newThread(api, { title: "t" });
      stub.enqueue({ type: "text", text: "Went on." });
      const started = Date.now();
      expect((await readUiStream(await startRun(api, thread.id, "hi"))).text).toBe("Went on.");
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await lastAnswer(api, thread.id)).metadata.mcpNotices).toEqual([
        { kind: "mcp_server_left_out", server: "Silent", reason: "timeout" },
      ]);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("answers a slow call with an {error} after MCP_TOOL_TIMEOUT_MS, and the run goes on", async () => {
    setEnv({ MCP_TOOL_TIMEOUT_MS: "300" });
    const { api } = await signUp();
    const slow = await startMcpTestServer({ bearer: "run-secret" });
    try {
      await connect(api, "Slow", slow.url);
      const thread = await newThread(api, { title: "t" });
      stub.enqueue(
        { type: "tool-calls", calls: [{ name: "mcp__Slow__slow_lookup", arguments: { query: "q" } }] },
        { type: "text", text: "It was too slow." },
      );
      expect((await readUiStream(await startRun(api, thread.id, "look"))).text).toBe("It was too slow.");
      expect(toolResults(streamingRequests()[1])).toEqual([{ error: expect.stringContaining("300 ms") }]);
    } finally {
      await slow.close();
    }
  });

  it("cuts a huge result to MCP_RESULT_MAX_BYTES with a note", async () => {
    setEnv({ MCP_RESULT_MAX_BYTES: "1000" });
    const { api } = await signUp();
    await connect(api, "Reports");
    const thread = await newThread(api, { title: "t" });
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "mcp__Reports__huge_report", arguments: { bytes: 50_000 } }] },
      { type: "text", text: "Long." },
    );
    await readUiStream(await startRun(api, thread.id, "report"));
    const [result] = toolResults(streamingRequests()[1]);
    expect(result.result).toBe("x".repeat(1000));
    expect(result.note).toContain("1000 of its 50000 bytes");
  });

  it("offers at most MCP_MAX_TOOLS_PER_RUN tools and says how many were left out", async () => {
    setEnv({ MCP_MAX_TOOLS_PER_RUN: "3" });
    const { api } = await signUp();
    const many = await startMcpTestServer({ extraTools: 6 });
    try {
      await connect(api, "Many", many.url);
      const thread = await newThread(api, { title: "t" });
      stub.enqueue({ type: "text", text: "ok" });
      await readUiStream(await startRun(api, thread.id, "hi"));
      expect(offered(streamingRequests()[0]).filter((name) => name.startsWith("mcp__"))).toHaveLength(3);
      expect((await lastAnswer(api, thread.id)).metadata.mcpNotices).toEqual([
        { kind: "mcp_tools_left_out", count: 7, limit: 3 },
      ]);
    } finally {
      await many.close();
    }
  });
});
