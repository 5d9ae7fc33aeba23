import { spawn } from "node:child_process";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, isStepCount, streamText, tool, type ModelMessage } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildModelRequest } from "@/lib/context/build-model-request";
import { pinnedContextText } from "@/lib/context/pinned-context";
import { startStubModelServer, type StubModelServer } from "@/tests/support/stub-model-server";
import { assistant, pinned, user } from "../context/model-message-fixtures";

// Drives the stub with the real @ai-sdk/openai provider over HTTP, the way the app will.

type ChatBody = {
  model: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages: Array<{
    role: string;
    content: unknown;
    tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
    tool_call_id?: string;
  }>;
  tools?: Array<{ type: string; function: { name: string } }>;
};

let stub: StubModelServer;

beforeAll(async () => {
  stub = await startStubModelServer();
});
afterEach(() => stub.reset());
afterAll(() => stub.close());

const model = () => createOpenAI({ baseURL: stub.url, apiKey: "test" }).chat("stub");
const bodies = () => stub.requests.filter((r) => r.path === "/v1/chat/completions").map((r) => r.body as ChatBody);

const weatherTool = tool({
  description: "Weather for a city",
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: "sunny" }),
});

describe("stub model server with the real OpenAI provider", () => {
  it("runs a two-step tool loop: tool call, tool result sent back, streamed text", async () => {
    stub.enqueue(
      { type: "tool-calls", calls: [{ id: "call_weather", name: "get_weather", arguments: { city: "Paris" } }] },
      { type: "text", text: "It is sunny in Paris today." },
    );
    const result = streamText({
      model: model(),
      instructions: "You are a test.",
      prompt: "Weather in Paris?",
      tools: { get_weather: weatherTool },
      stopWhen: isStepCount(3),
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);

    expect(deltas.join("")).toBe("It is sunny in Paris today.");
    expect(deltas.length).toBeGreaterThan(1);

    const [first, second] = bodies();
    expect(bodies()).toHaveLength(2);
    expect(first).toMatchObject({ model: "stub", stream: true, stream_options: { include_usage: true } });
    expect(first.tools?.map((t) => t.function.name)).toEqual(["get_weather"]);
    expect(first.messages[0]).toEqual({ role: "system", content: "You are a test." });

    const call = second.messages.find((m) => m.role === "assistant");
    expect(call?.tool_calls?.[0]).toMatchObject({
      id: "call_weather",
      function: { name: "get_weather", arguments: '{"city":"Paris"}' },
    });
    const toolMessage = second.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call_weather");
    expect(JSON.parse(toolMessage?.content as string)).toEqual({ city: "Paris", forecast: "sunny" });
    expect(stub.requests.every((r) => r.outcome === "completed")).toBe(true);
  });

  it("answers non-streaming calls, with usage", async () => {
    stub.enqueue({ type: "text", text: "Short title" });
    const result = await generateText({ model: model(), prompt: "Title this" });
    expect(result.text).toBe("Short title");
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(bodies()[0].stream).toBeUndefined();
  });

  it("falls back to the default turn when the queue is empty", async () => {
    const first = await generateText({ model: model(), prompt: "hi" });
    expect(first.text).toBe("Hello from the stub model.");
    stub.setDefaultTurn({ type: "text", text: "Custom default." });
    const second = await generateText({ model: model(), prompt: "hi" });
    expect(second.text).toBe("Custom default.");
  });

  it("serves a scripted HTTP error as a provider error", async () => {
    stub.enqueue({ type: "error", status: 400, message: "model is overloaded" });
    const failure = await generateText({ model: model(), prompt: "hi", maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).statusCode).toBe(400);
    expect((failure as APICallError).message).toContain("model is overloaded");
  });

  it("refuses a request over its context limit with OpenAI's context_length_exceeded error, without taking a turn", async () => {
    stub.setContextLimit(2000);
    stub.enqueue({ type: "text", text: "answered" });
    const failure = await generateText({ model: model(), prompt: "x".repeat(2000), maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(APICallError.isInstance(failure)).toBe(true);
    expect((failure as APICallError).statusCode).toBe(400);
    expect(JSON.parse((failure as APICallError).responseBody!).error).toMatchObject({
      code: "context_length_exceeded",
      type: "invalid_request_error",
    });
    expect((failure as APICallError).message).toMatch(/maximum context length is 500 tokens/);
    expect((await generateText({ model: model(), prompt: "x".repeat(1800), maxRetries: 0 })).text).toBe("answered");

    const origin = stub.url.replace(/\/v1$/, "");
    const lifted = await fetch(`${origin}/__script`, {
      method: "POST",
      body: JSON.stringify({ contextLimitChars: null }),
    });
    expect(lifted.status).toBe(200);
    expect((await generateText({ model: model(), prompt: "x".repeat(5000) })).text).toBe("Hello from the stub model.");
    const invalid = await fetch(`${origin}/__script`, {
      method: "POST",
      body: JSON.stringify({ contextLimitChars: -1 }),
    });
    expect(invalid.status).toBe(422);
  });

  it("streams with delays and records an abort when the client stops mid-way", async () => {
    stub.enqueue({ type: "text", text: "one two three four five six seven eight", delayMs: 40 });
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: "count", abortSignal: controller.signal });
    const seen: string[] = [];
    for await (const delta of result.textStream) {
      seen.push(delta);
      if (seen.length === 2) controller.abort();
    }
    expect(seen.join("")).toBe("one two ");
    await expect.poll(() => stub.requests[0]?.outcome, { timeout: 2000 }).toBe("aborted");
  });

  it("keeps the project block before the run's user message in every request of a tool loop", async () => {
    const context = pinned({ instructions: "Answer in French." });
    const initialMessages: ModelMessage[] = [
      user("Earlier", "m1"),
      assistant("Reply", "m2"),
      user("Weather in Paris?", "run-1"),
    ];
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "get_weather", arguments: { city: "Paris" } }] },
      { type: "text", text: "Il fait beau." },
    );
    const result = streamText({
      model: model(),
      instructions: "Rules only.",
      messages: initialMessages,
      tools: { get_weather: weatherTool },
      stopWhen: isStepCount(3),
      prepareStep: ({ initialMessages: initial, responseMessages }) => ({
        messages: buildModelRequest({
          messages: [...initial, ...responseMessages],
          anchorMessageId: "run-1",
          pinned: context,
        }),
      }),
    });
    await result.consumeStream();

    expect(bodies()).toHaveLength(2);
    for (const body of bodies()) {
      const roles = body.messages.map((m) => m.role);
      const contents = body.messages.map((m) => m.content);
      expect(contents.filter((c) => c === pinnedContextText(context))).toHaveLength(1);
      const index = contents.indexOf(pinnedContextText(context));
      expect(roles.slice(0, index + 2)).toEqual(["system", "user", "assistant", "user", "user"]);
      expect(contents[index + 1]).toBe("Weather in Paris?");
      expect(body.messages[0].content).toBe("Rules only.");
      // The server-owned provenance stays on our side of the wire.
      expect(JSON.stringify(body)).not.toContain("workspace");
    }
    expect(
      bodies()[1]
        .messages.slice(-2)
        .map((m) => m.role),
    ).toEqual(["assistant", "tool"]);
  });
});

describe("stub model server over raw HTTP", () => {
  it("streams Chat Completions chunks, usage on request, and [DONE]", async () => {
    stub.enqueue({ type: "text", text: "ignored", chunks: ["Hel", "lo"] });
    const response = await fetch(`${stub.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "stub",
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const events = (await response.text()).split("\n\n").filter(Boolean);
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, "")));
    for (const chunk of chunks)
      expect(chunk).toMatchObject({ object: "chat.completion.chunk", model: "stub", id: chunks[0].id });
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "" });
    expect(chunks.slice(1, 3).map((c) => c.choices[0].delta.content)).toEqual(["Hel", "lo"]);
    expect(chunks[3].choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "stop" });
    expect(chunks[4].choices).toEqual([]);
    expect(chunks[4].usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: 2 });
  });

  it("streams several tool calls with ids, names and JSON arguments in pieces", async () => {
    stub.enqueue({
      type: "tool-calls",
      calls: [
        { id: "a", name: "one", arguments: { x: 1 } },
        { name: "two", arguments: "{bad" },
      ],
    });
    const response = await fetch(`${stub.url}/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ model: "stub", stream: true, messages: [] }),
    });
    const chunks = (await response.text())
      .split("\n\n")
      .filter((e) => e && e !== "data: [DONE]")
      .map((e) => JSON.parse(e.slice(6)));
    const calls = new Map<number, { id?: string; name?: string; args: string }>();
    for (const chunk of chunks) {
      for (const delta of chunk.choices[0]?.delta?.tool_calls ?? []) {
        const call = calls.get(delta.index) ?? { args: "" };
        call.id ??= delta.id;
        call.name ??= delta.function.name;
        call.args += delta.function.arguments ?? "";
        calls.set(delta.index, call);
      }
    }
    expect(calls.get(0)).toEqual({ id: "a", name: "one", args: '{"x":1}' });
    expect(calls.get(1)).toMatchObject({ id: expect.stringMatching(/^call_/), name: "two", args: "{bad" });
    expect(chunks.at(-1).choices[0].finish_reason).toBe("tool_calls");
    expect(chunks.some((c) => c.usage)).toBe(false); // no usage unless asked for
  });

  it("lists models and is scripted through /__script, /__requests and /__reset", async () => {
    const origin = stub.url.replace(/\/v1$/, "");
    expect(await (await fetch(`${stub.url}/models`)).json()).toMatchObject({ object: "list", data: [{ id: "stub" }] });

    const scripted = await fetch(`${origin}/__script`, {
      method: "POST",
      body: JSON.stringify({
        turns: [{ type: "text", text: "scripted" }],
        defaultTurn: { type: "text", text: "new default" },
      }),
    });
    expect(await scripted.json()).toEqual({ queued: 1 });
    expect((await generateText({ model: model(), prompt: "a" })).text).toBe("scripted");
    expect((await generateText({ model: model(), prompt: "b" })).text).toBe("new default");

    const { requests } = await (await fetch(`${origin}/__requests`)).json();
    expect(requests.filter((r: { path: string }) => r.path === "/v1/chat/completions")).toHaveLength(2);
    expect(requests.at(-1).body.messages).toEqual([{ role: "user", content: "b" }]);

    const invalid = await fetch(`${origin}/__script`, {
      method: "POST",
      body: JSON.stringify({ turns: [{ type: "nope" }] }),
    });
    expect(invalid.status).toBe(422);

    await fetch(`${origin}/__reset`, { method: "POST" });
    expect(stub.requests).toHaveLength(0);
    expect((await generateText({ model: model(), prompt: "c" })).text).toBe("Hello from the stub model.");
  });
});

describe("stub model server gates", () => {
  it("holds a turn after its first chunk until the gate is released, then finishes it", async () => {
    stub.enqueue({ type: "text", text: "one two three", gate: "g1" });
    const result = streamText({ model: model(), prompt: "count" });
    const reader = result.textStream[Symbol.asyncIterator]();
    expect((await reader.next()).value).toBe("one ");
    expect(stub.requests.at(-1)?.outcome).toBe("pending");
    const rest = (async () => {
      let text = "";
      for (let next = await reader.next(); !next.done; next = await reader.next()) text += next.value;
      return text;
    })();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stub.requests.at(-1)?.outcome).toBe("pending");
    stub.release("g1");
    expect(await rest).toBe("two three");
    expect(stub.requests.at(-1)?.outcome).toBe("completed");
  });

  it("records a client that hangs up while held as aborted, without a release", async () => {
    stub.enqueue({ type: "text", text: "one two three", gate: "g2" });
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: "count", abortSignal: controller.signal, onError: () => {} });
    const reader = result.textStream[Symbol.asyncIterator]();
    await reader.next();
    controller.abort();
    await expect.poll(() => stub.requests.at(-1)?.outcome).toBe("aborted");
  });

  it("holds a gated non-streaming reply whole until the gate is released", async () => {
    stub.setNonStreamingTurn({ type: "text", text: "the summary", gate: "g4" });
    const text = generateText({ model: model(), prompt: "summarise" }).then((result) => result.text);
    await expect.poll(() => stub.requests.at(-1)?.outcome).toBe("pending");
    let answered = false;
    void text.then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    stub.release("g4");
    expect(await text).toBe("the summary");
    expect(stub.requests.at(-1)?.outcome).toBe("completed");
  });

  it("is released over HTTP with POST /__release", async () => {
    stub.enqueue({ type: "text", text: "a b", gate: "g3" });
    const result = streamText({ model: model(), prompt: "x" });
    const text = Promise.resolve(result.text);
    await expect.poll(() => stub.requests.at(-1)?.outcome).toBe("pending");
    const origin = stub.url.replace(/\/v1$/, "");
    expect((await fetch(`${origin}/__release`, { method: "POST", body: JSON.stringify({ gate: 7 }) })).status).toBe(
      422,
    );
    await fetch(`${origin}/__release`, { method: "POST", body: JSON.stringify({ gate: "g3" }) });
    expect(await text).toBe("a b");
  });
});

describe("stub model server as a standalone process", () => {
  it("starts with --port and answers", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/stub-model-server.ts", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = "";
        child.stdout.on("data", (data: Buffer) => {
          output += data.toString();
          const match = output.match(/listening on (http:\/\/\S+)/);
          if (match) resolve(match[1]);
        });
        child.stderr.on("data", (data: Buffer) => (output += data.toString()));
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const origin = url.replace(/\/v1$/, "");
      await fetch(`${origin}/__script`, {
        method: "POST",
        body: JSON.stringify({ turns: [{ type: "text", text: "from another process" }] }),
      });
      const result = await generateText({
        model: createOpenAI({ baseURL: url, apiKey: "test" }).chat("stub"),
        prompt: "hi",
      });
      expect(result.text).toBe("from another process");
    } finally {
      child.kill("SIGTERM");
    }
  }, 20_000);
});
