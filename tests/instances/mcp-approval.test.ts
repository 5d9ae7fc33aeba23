import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServer } from "../support/app-server";
import { until, withInstanceCluster } from "../support/instance-cluster";
import { startMcpTestServer, type McpTestServer } from "../support/mcp-test-server";
import { readUiStream } from "../support/ui-stream";
import { newThread, type CallsApi, type Json } from "../support/fixtures";

// An MCP call waiting for approval on one instance, answered through another
// (docs/operations.md § "MCP servers": the approval is a row, the run resumes where it waited): two
// real servers from the production build on one PostgreSQL database, a real MCP server on 127.0.0.1
// (allowed by MCP_ALLOWED_HOSTS), the scripted model. Needs `next build` first.

const BASE_PORT = Number(process.env.MCP_INSTANCES_BASE_PORT ?? 3300);

const cluster = withInstanceCluster({
  name: "mcp",
  basePort: BASE_PORT,
  leaseSeconds: 30,
  env: { MCP_ALLOWED_HOSTS: "127.0.0.1" },
});
let a: AppServer;
let b: AppServer;
let mcp: McpTestServer;

const apiOf =
  (server: AppServer): CallsApi =>
  (method, pathname, options = {}) =>
    cluster.call(server, method, pathname, options.json);

beforeAll(async () => {
  mcp = await startMcpTestServer({ bearer: "instances-secret" });
  [a, b] = await Promise.all([cluster.start(BASE_PORT), cluster.start(BASE_PORT + 1)]);
  await cluster.signUp(a, { email: "mcp@example.test", password: "correct horse battery", name: "Mcp" });
}, 180_000);
afterAll(async () => {
  await mcp?.close();
});

describe("an MCP call waiting for approval", () => {
  it("is approved through B while A streams the run, and A runs it at once", async () => {
    const created = await cluster.call(b, "POST", "/api/mcp-servers", {
      name: "Tracker",
      url: mcp.url,
      headers: { Authorization: "Bearer instances-secret" },
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as Json).server.status).toBe("connected");
    const threadId = (await newThread(apiOf(a), { title: "mcp" })).id;
    cluster.stub.enqueue(
      { type: "tool-calls", calls: [{ id: "call_x", name: "mcp__Tracker__create_issue", arguments: { title: "X" } }] },
      { type: "text", text: "Filed through the other instance." },
    );
    const res = await cluster.call(a, "POST", `/api/threads/${threadId}/runs`, { message: { text: "file it" } });
    const runId = res.headers.get("x-run-id")!;
    const body = readUiStream(res);
    // Until A has recorded the question, B answers 404 (no such call waiting).
    await until("the call to wait", async () => {
      const answer = await cluster.call(b, "POST", `/api/threads/${threadId}/runs/${runId}/approvals`, {
        toolCallId: "call_x",
        approve: true,
      });
      return answer.status === 200;
    });
    const { text, chunks } = await body;
    expect(text).toBe("Filed through the other instance.");
    expect(chunks.filter((c) => c.type === "data-mcp-approval").map((c) => (c.data as Json).status)).toEqual([
      "pending",
      "approved",
    ]);
    expect(mcp.calls.filter((call) => call.tool === "create_issue")).toHaveLength(1);
  });
});
