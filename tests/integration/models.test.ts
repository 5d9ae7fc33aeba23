import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { resetConfigForTests } from "@/lib/config/env";
import { forgetEndpointListingsForTests } from "@/lib/models/read-endpoint-listing";
import { callApi, signUp, type Api } from "../support/route-client";
import { startStubModelServer, type StubModelServer } from "../support/stub-model-server";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { newThread } from "../support/fixtures";

// Several endpoints over HTTP: the default (OPENAI_*) is one scripted model server, the
// endpoint "local" a second one, and "down" and "gone" an address where nothing listens.

type Json = Record<string, any>;

const { stub: defaultStub } = withStubModel();
let local: StubModelServer;
let downUrl: string;

beforeAll(async () => {
  local = await startStubModelServer({
    models: ["llama3.1:8b", "qwen2.5:7b"],
    nonStreamingTurn: { type: "text", text: "Local title" },
  });
  downUrl = `http://127.0.0.1:${await closedPort()}/v1`;
  process.env.MODEL_ENDPOINTS = JSON.stringify([
    { name: "local", baseURL: local.url, apiKey: "local-key", contextTokens: 32768 },
    { name: "down", baseURL: downUrl },
    {
      name: "fixed",
      baseURL: local.url,
      models: [{ name: "big", contextTokens: 128000 }, "small", { name: "tiny", contextTokens: 4096 }],
    },
    { name: "broken:name", baseURL: local.url },
    // Models named in the configuration are offered without asking the server.
    { name: "gone", baseURL: downUrl, models: ["m"] },
  ]);
  resetConfigForTests();
});
afterAll(async () => {
  await local.close();
  delete process.env.MODEL_ENDPOINTS;
  resetConfigForTests();
});
beforeEach(() => {
  local.reset();
  forgetEndpointListingsForTests();
});

/** A port that was free a moment ago and has nothing listening on it now. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const streamed = (stub: StubModelServer) =>
  stub.requests.filter((r) => (r.body as Json | null)?.stream).map((r) => r.body as ChatRequest & { model: string });
const toolNames = (req: ChatRequest) => (req.tools ?? []).map((t) => t.function.name);

async function run(api: Api, threadId: string, text: string) {
  const res = await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text } } });
  expect(res.status).toBe(200);
  const read = await readUiStream(res);
  // The run is recorded once its delivery settles, as tracked background work.
  await backgroundWorkSettled();
  return read;
}

describe("GET /api/models", () => {
  it("lists every endpoint's models, the default marked, and an unreachable endpoint as unavailable while the others work", async () => {
    const { api } = await signUp();
    const res = await api("GET", "/api/models");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.defaultModelId).toBe("default:stub");
    expect(body.models).toEqual([
      {
        id: "default:stub",
        endpoint: "default",
        name: "stub",
        available: true,
        tools: null,
        vision: null,
        contextTokens: null,
      },
      {
        id: "local:llama3.1:8b",
        endpoint: "local",
        name: "llama3.1:8b",
        available: true,
        tools: null,
        vision: null,
        contextTokens: 32768,
      },
      {
        id: "local:qwen2.5:7b",
        endpoint: "local",
        name: "qwen2.5:7b",
        available: true,
        tools: null,
        vision: null,
        contextTokens: 32768,
      },
      {
        id: "fixed:big",
        endpoint: "fixed",
        name: "big",
        available: true,
        tools: null,
        vision: null,
        contextTokens: 128000,
      },
      {
        id: "fixed:small",
        endpoint: "fixed",
        name: "small",
        available: true,
        tools: null,
        vision: null,
        contextTokens: null,
      },
      {
        id: "fixed:tiny",
        endpoint: "fixed",
        name: "tiny",
        available: true,
        tools: null,
        vision: null,
        contextTokens: 4096,
      },
      {
        id: "gone:m",
        endpoint: "gone",
        name: "m",
        available: true,
        tools: null,
        vision: null,
        contextTokens: null,
      },
    ]);
    // The entry with a colon in its name was ignored; "down" is named though it listed nothing.
    expect(body.endpoints).toEqual([
      { name: "default", available: true },
      { name: "local", available: true },
      { name: "down", available: false },
      { name: "fixed", available: true },
      { name: "gone", available: true },
    ]);
    expect((await callApi("GET", "/api/models")).status).toBe(401);
  });

  it("asks each endpoint once for its list, then answers from the cache", async () => {
    const { api } = await signUp();
    const before = local.modelListCount();
    for (let i = 0; i < 3; i++) expect((await api("GET", "/api/models")).status).toBe(200);
    const thread = await newThread(api);
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:qwen2.5:7b" } });
    await run(api, thread.id, "hi");
    expect(local.modelListCount() - before).toBe(1);
  });
});

describe("a model server that is down", () => {
  it("fails the run saying which server could not be reached, in the stream and on the run", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "gone:m" } });
    const { chunks, text } = await run(api, thread.id, "hello?");
    expect(text).toBe("");
    const reason = `The model server at ${downUrl} could not be reached. Check its base URL (OPENAI_BASE_URL or MODEL_ENDPOINTS) and that it is running.`;
    expect(chunks.filter((c) => c.type === "error").map((c) => c.errorText)).toEqual([reason]);
    const { runs } = await (await api("GET", `/api/threads/${thread.id}/runs`)).json();
    expect(runs[0]).toMatchObject({ status: "failed", error: reason });
  });
});

describe("a thread's model", () => {
  it("sends each run to its model's endpoint with that model's name; a switch changes the next run only", async () => {
    const { api } = await signUp();
    const thread = await newThread(api, { title: "models" });
    expect(thread.modelId).toBeNull();

    const patched = await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:llama3.1:8b" } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).thread).toMatchObject({
      id: thread.id,
      title: "models",
      modelId: "local:llama3.1:8b",
    });
    expect((await (await api("GET", `/api/threads/${thread.id}`)).json()).thread.modelId).toBe("local:llama3.1:8b");

    // The switch lands while the first run is streaming: that run stays where it started.
    local.enqueue({ type: "text", text: "Slow local answer arrives.", delayMs: 50 });
    const first = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "one" } } });
    expect((await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:qwen2.5:7b" } })).status).toBe(
      200,
    );
    expect((await (await api("GET", `/api/threads/${thread.id}/runs`)).json()).runs[0].status).toBe("running");
    expect((await readUiStream(first)).text).toBe("Slow local answer arrives.");
    await backgroundWorkSettled();

    local.enqueue({ type: "text", text: "Qwen here." });
    expect((await run(api, thread.id, "two")).text).toBe("Qwen here.");

    expect((await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: null } })).status).toBe(200);
    defaultStub.enqueue({ type: "text", text: "Default here." });
    expect((await run(api, thread.id, "three")).text).toBe("Default here.");

    expect(streamed(local).map((r) => r.model)).toEqual(["llama3.1:8b", "qwen2.5:7b"]);
    expect(streamed(defaultStub).map((r) => r.model)).toEqual(["stub"]);
    const { runs } = await (await api("GET", `/api/threads/${thread.id}/runs`)).json();
    expect(runs.map((r: Json) => [r.modelId, r.status])).toEqual([
      ["default:stub", "completed"],
      ["local:qwen2.5:7b", "completed"],
      ["local:llama3.1:8b", "completed"],
    ]);
    const { messages } = await (await api("GET", `/api/threads/${thread.id}/messages`)).json();
    const answers = messages.filter((m: Json) => m.role === "assistant").map((m: Json) => m.metadata);
    expect(answers).toEqual([
      expect.objectContaining({ modelId: "local:llama3.1:8b", notices: [] }),
      expect.objectContaining({ modelId: "local:qwen2.5:7b", notices: [] }),
      expect.objectContaining({ modelId: "default:stub", notices: [] }),
    ]);
  });

  it("refuses an unknown model with 422 and changes nothing; another user's thread is a 404", async () => {
    const { api } = await signUp();
    const other = await signUp();
    const thread = await newThread(api, { title: "keep" });
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:qwen2.5:7b" } });
    for (const modelId of ["local:mistral", "nowhere:stub", "stub", "down:anything", "default:", "x".repeat(301), 42]) {
      const res = await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId, title: "changed" } });
      expect(res.status, String(modelId)).toBe(422);
      expect((await res.json()).error).toMatchObject({
        code: "validation_failed",
        details: [expect.objectContaining({ path: "modelId" })],
      });
    }
    expect((await (await api("GET", `/api/threads/${thread.id}`)).json()).thread).toMatchObject({
      title: "keep",
      modelId: "local:qwen2.5:7b",
    });
    expect((await api("PATCH", `/api/threads/${thread.id}`, { json: {} })).status).toBe(422);
    const foreign = await other.api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:llama3.1:8b" } });
    expect(foreign.status).toBe(404);
    expect((await (await api("GET", `/api/threads/${thread.id}`)).json()).thread.modelId).toBe("local:qwen2.5:7b");
  });

  it("falls back to the default with a notice when the model disappeared from its endpoint, and keeps the choice", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:qwen2.5:7b" } });
    local.setModels(["llama3.1:8b"]);
    forgetEndpointListingsForTests();
    defaultStub.enqueue({ type: "text", text: "Default stands in." });

    const { text, chunks } = await run(api, thread.id, "hello?");
    expect(text).toBe("Default stands in.");
    expect(streamed(local)).toEqual([]);
    const notice = { kind: "model_fallback", requestedModelId: "local:qwen2.5:7b", modelId: "default:stub" };
    expect(chunks.find((c) => c.type === "start")?.messageMetadata).toMatchObject({
      modelId: "default:stub",
      notices: [notice],
    });
    const { runs } = await (await api("GET", `/api/threads/${thread.id}/runs`)).json();
    expect(runs[0]).toMatchObject({ modelId: "default:stub", status: "completed" });
    const { messages } = await (await api("GET", `/api/threads/${thread.id}/messages`)).json();
    expect(messages[1].metadata.notices).toEqual([notice]);
    expect((await (await api("GET", `/api/threads/${thread.id}`)).json()).thread.modelId).toBe("local:qwen2.5:7b");
  });
});

describe("a model's context window", () => {
  it("is its configured contextTokens, over MODEL_CONTEXT_TOKENS, for the run's budget and the Context dialog", async () => {
    const { api } = await signUp();
    const tiny = await newThread(api);
    await api("PATCH", `/api/threads/${tiny.id}`, { json: { modelId: "fixed:tiny" } });
    const standard = await newThread(api);
    const budgetOf = async (threadId: string) =>
      (await (await api("GET", `/api/threads/${threadId}/context`)).json()).history.budgetTokens;
    // A 4,096-token window keeps half for the answer; the default 32,768 keeps MODEL_MAX_OUTPUT_TOKENS (4,096).
    expect(await budgetOf(tiny.id)).toBe(2048);
    expect(await budgetOf(standard.id)).toBe(32768 - 4096);

    local.enqueue({ type: "text", text: "Tiny answers." });
    expect((await run(api, tiny.id, "hi")).text).toBe("Tiny answers.");
    defaultStub.enqueue({ type: "text", text: "Default answers." });
    expect((await run(api, standard.id, "hi")).text).toBe("Default answers.");
    const outputLimit = (body: Json) => body.max_tokens ?? body.max_completion_tokens;
    expect(streamed(local).map((r) => [r.model, outputLimit(r)])).toEqual([["tiny", 2048]]);
    expect(streamed(defaultStub).map((r) => [r.model, outputLimit(r)])).toEqual([["stub", 4096]]);
  });
});

describe("endpoints without a default model", () => {
  it("asks for a choice instead of failing, and a chosen model answers", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    delete process.env.OPENAI_MODEL;
    resetConfigForTests();
    try {
      const listed = await (await api("GET", "/api/models")).json();
      expect(listed.defaultModelId).toBeNull();
      expect(listed.models.map((m: Json) => m.id)).toEqual([
        "local:llama3.1:8b",
        "local:qwen2.5:7b",
        "fixed:big",
        "fixed:small",
        "fixed:tiny",
        "gone:m",
      ]);
      const refused = await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "hi" } } });
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.message).toContain("Choose a model for this chat");
      expect((await (await api("GET", `/api/threads/${thread.id}/messages`)).json()).messages).toEqual([]);

      await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:llama3.1:8b" } });
      local.enqueue({ type: "text", text: "Chosen, so answering." });
      expect((await run(api, thread.id, "hi")).text).toBe("Chosen, so answering.");
    } finally {
      process.env.OPENAI_MODEL = "stub";
      resetConfigForTests();
    }
  });
});

describe("a model that does not support tools", () => {
  it("gets one retry without tools and a notice; later runs go without tools at once, until the list refreshes", async () => {
    const { api } = await signUp();
    const { project } = await (
      await api("POST", "/api/projects", {
        json: { name: `P ${crypto.randomUUID()}`, instructions: "Answer briefly." },
      })
    ).json();
    const thread = await newThread(api, { projectId: project.id });
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:llama3.1:8b" } });
    local.setRefuseTools(true);
    local.enqueue({ type: "text", text: "Answered without tools." }, { type: "text", text: "Second, without tools." });

    const first = await run(api, thread.id, "What is in my documents?");
    expect(first.text).toBe("Answered without tools.");
    const [refused, retried] = streamed(local);
    expect(streamed(local)).toHaveLength(2);
    expect(toolNames(refused!)).toContain("read_project_document");
    expect(retried!.tools).toBeUndefined();
    expect(contentText(refused!.messages[0]!)).toContain("read_project_document");
    expect(contentText(retried!.messages[0]!)).not.toContain("read_project_document");
    expect(contentText(retried!.messages[0]!)).toContain("You have no tools here");
    // The project instructions still reach the model.
    expect(retried!.messages.some((m) => contentText(m).includes("Answer briefly."))).toBe(true);

    const notice = { kind: "tools_unsupported", modelId: "local:llama3.1:8b" };
    const finish = first.chunks.filter((c) => c.type === "finish").at(-1);
    expect(finish?.messageMetadata).toEqual({ modelId: "local:llama3.1:8b", notices: [notice] });
    const listed = (await (await api("GET", "/api/models")).json()).models.find(
      (m: Json) => m.id === "local:llama3.1:8b",
    );
    expect(listed.tools).toBe(false);

    const second = await run(api, thread.id, "And now?");
    expect(second.text).toBe("Second, without tools.");
    expect(streamed(local)).toHaveLength(3);
    expect(streamed(local)[2]!.tools).toBeUndefined();
    expect(contentText(streamed(local)[2]!.messages[0]!)).toContain("You have no tools here");

    const { runs } = await (await api("GET", `/api/threads/${thread.id}/runs`)).json();
    expect(runs.map((r: Json) => r.status)).toEqual(["completed", "completed"]);
    const { messages } = await (await api("GET", `/api/threads/${thread.id}/messages`)).json();
    expect(messages.filter((m: Json) => m.role === "assistant").map((m: Json) => m.metadata.notices)).toEqual([
      [notice],
      [notice],
    ]);

    // The list refreshes (minutes later) and the model now takes tools: it gets them again.
    local.setRefuseTools(false);
    forgetEndpointListingsForTests();
    local.enqueue({ type: "text", text: "With tools again." });
    const third = await run(api, thread.id, "Again");
    expect(third.text).toBe("With tools again.");
    expect(toolNames(streamed(local)[3]!)).toContain("read_project_document");
    expect(third.chunks.filter((c) => c.type === "finish").at(-1)?.messageMetadata).toEqual({
      modelId: "local:llama3.1:8b",
      notices: [],
    });
    expect(
      (await (await api("GET", "/api/models")).json()).models.find((m: Json) => m.id === "local:llama3.1:8b").tools,
    ).toBe(true);
  });

  it("retries only that refusal: another provider error fails the run as before", async () => {
    const { api } = await signUp();
    const thread = await newThread(api);
    await api("PATCH", `/api/threads/${thread.id}`, { json: { modelId: "local:qwen2.5:7b" } });
    local.enqueue({ type: "error", status: 400, message: "This model's maximum context length is 8192 tokens." });
    const { chunks } = await run(api, thread.id, "hi");
    expect(chunks.find((c) => c.type === "error")?.errorText).toContain("maximum context length");
    expect(streamed(local)).toHaveLength(1);
    const { runs } = await (await api("GET", `/api/threads/${thread.id}/runs`)).json();
    expect(runs[0]).toMatchObject({ status: "failed", modelId: "local:qwen2.5:7b" });
  });
});
