import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RecordedRequest, ScriptedTurn, StubToolCall } from "./stub-model-types";
import { embeddingsResponse } from "./stub-embeddings";

export type { RecordedRequest, StubToolCall } from "./stub-model-types";

// A scripted OpenAI-compatible model for integration and end-to-end tests, so the real
// `@ai-sdk/openai` provider runs over HTTP exactly as against OpenAI, Ollama or vLLM.
//
// Serves `POST /v1/chat/completions` (streaming SSE in the Chat Completions chunk format,
// ending with `data: [DONE]`, usage when `stream_options.include_usage`, or a single JSON
// body) and `GET /v1/models` (the `models` option; `["stub"]` by default). Each completion takes the next turn from a queue (text,
// tool calls or an HTTP error), falling back to a default turn when the queue is empty, and
// every request body is recorded so tests can assert on the messages and tools sent.
// With `refuseTools`, a completion that carries tool definitions is answered the way Ollama
// answers for a model without tool support: HTTP 400 "registry.ollama.ai/library/<model> does
// not support tools" (or the given message), before any turn is taken from the queue.
//
// With `refuseImages` (or STUB_NO_VISION=1 in the environment of the command line), a
// completion whose messages carry an `image_url` part is answered as OpenAI answers for a
// model that cannot see: HTTP 400 "Invalid content type. image_url is only supported by
// certain models." (or the given message). `imageParts(body)` lists the image parts a
// recorded request carried, so tests assert on what the model was shown.
//
// In-process: `const stub = await startStubModelServer()` and `stub.enqueue(...)`.
// Across processes (Playwright): `node --import tsx tests/support/stub-model-server.ts
// --port 4010`, then script it over HTTP:
//   POST /__script   {"turns": [StubTurn…], "defaultTurn"?: StubTurn, "nonStreamingTurn"?: StubTurn,
//                     "models"?: string[], "refuseTools"?: boolean | string, "refuseImages"?: boolean | string,
//                     "contextLimitChars"?: number | null}  → {"queued": n}
//
// `nonStreamingTurn`, when set, answers every non-streaming request without touching the
// queue: the app's only non-streaming call is the background chat-title request, which
// would otherwise race a test's scripted turns.
//   GET  /__requests → {"requests": [RecordedRequest…]}
//   POST /__release  {"gate": name} → lets turns held at that gate go on
//   POST /__reset    → clears the queue, the recorded requests, the gates and the default turn,
//                      and restores the start-up models and tool mode
// `POST /v1/embeddings` answers with ./stub-embeddings' vectors; `setEmbeddingsFailure(message)`
// (or `"embeddingsFailure"` in /__script) answers every embeddings request with HTTP 500 until
// it is set back to null.
// Command line: `--models a,b` lists those models, `--refuse-tools` starts refusing tools.
// `contextLimitChars` stands in for a model's context window: a completion request whose
// body is longer than that many characters is refused with the error OpenAI returns for
// an over-long context (HTTP 400, code `context_length_exceeded`), without taking a turn.

/**
 * In-process only (not sent over /__script): awaited when the request for this turn has
 * arrived and before anything is answered, so a test can act at an exact point of a run:
 * after admission (the request exists) and before the model's reply reaches the app.
 */
export type BeforeReply = () => Promise<void>;

/** A scripted turn in process: what /__script takes, plus a hook at the turn's request. */
export type StubTurn = ScriptedTurn & { beforeReply?: BeforeReply };

export interface StubModelServer {
  /** Base URL for `OPENAI_BASE_URL` / `createOpenAI({ baseURL })`, ending in `/v1`. */
  url: string;
  port: number;
  /** Every request to `/v1/*`, in arrival order; the same array for the server's lifetime. */
  requests: RecordedRequest[];
  enqueue(...turns: StubTurn[]): void;
  setDefaultTurn(turn: StubTurn): void;
  /** Answers non-streaming requests (the chat-title call) until the next reset. */
  setNonStreamingTurn(turn: StubTurn): void;
  /** Lets every turn held at `gate` go on (and any that reaches it later). */
  release(gate: string): void;
  /** What `GET /v1/models` lists from now on. */
  setModels(models: string[]): void;
  /** true: refuse tool definitions with Ollama's message; a string: with that message; false: accept them. */
  setRefuseTools(refuse: boolean | string): void;
  /** true: refuse image parts with OpenAI's message; a string: with that message; false: accept them. */
  setRefuseImages(refuse: boolean | string): void;
  /** How many times `GET /v1/models` was asked since start (the reset does not clear it). */
  modelListCount(): number;
  /** Refuses longer request bodies as over the context window; null: no limit. Until the next reset. */
  setContextLimit(chars: number | null): void;
  /** A message: every embeddings request fails with HTTP 500 and it; null: they succeed. Until the next reset. */
  setEmbeddingsFailure(message: string | null): void;
  reset(): void;
  close(): Promise<void>;
}

export interface StubModelServerOptions {
  port?: number;
  host?: string;
  defaultTurn?: StubTurn;
  nonStreamingTurn?: StubTurn;
  models?: string[];
  refuseTools?: boolean | string;
  refuseImages?: boolean | string;
  contextLimitChars?: number;
}

/** An image part of a Chat Completions request, as the provider sent it. */
export interface SentImagePart {
  /** The index of the message that carried it. */
  messageIndex: number;
  /** A `data:` URL (the app sends bytes, never links). */
  url: string;
}

/** Every `image_url` part in a completion request's messages, in order. */
export function imageParts(body: unknown): SentImagePart[] {
  const messages = (body as { messages?: { content?: unknown }[] } | null)?.messages ?? [];
  return messages.flatMap((message, messageIndex) =>
    Array.isArray(message.content)
      ? message.content
          .filter((part: { type?: unknown }) => part?.type === "image_url")
          .map((part: { image_url?: { url?: string } }) => ({ messageIndex, url: part.image_url?.url ?? "" }))
      : [],
  );
}

const REFUSED_IMAGES = "Invalid content type. image_url is only supported by certain models.";

const FALLBACK_TURN: StubTurn = { type: "text", text: "Hello from the stub model." };
const MODEL_ID = "stub";

type Json = Record<string, unknown>;

function isStubTurn(value: unknown): value is StubTurn {
  if (!value || typeof value !== "object") return false;
  const turn = value as Record<string, unknown>;
  switch (turn.type) {
    case "text":
      return typeof turn.text === "string" && (turn.gate === undefined || typeof turn.gate === "string");
    case "tool-calls":
      return Array.isArray(turn.calls) && turn.calls.every((call) => typeof call?.name === "string");
    case "error":
      return typeof turn.status === "number" && typeof turn.message === "string";
    default:
      return false;
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function textChunks(turn: Extract<StubTurn, { type: "text" }>): string[] {
  if (turn.chunks && turn.chunks.length > 0) return turn.chunks;
  return turn.text.match(/\s*\S+\s*/g) ?? [turn.text];
}

function argumentsJson(call: StubToolCall): string {
  if (typeof call.arguments === "string") return call.arguments;
  return JSON.stringify(call.arguments ?? {});
}

/** Rough token counts; tests only need plausible, non-zero numbers. */
function usageFor(requestBody: unknown, completionPieces: number): Json {
  const promptTokens = Math.max(1, Math.ceil(JSON.stringify(requestBody ?? "").length / 4));
  const completionTokens = Math.max(1, completionPieces);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}

export async function startStubModelServer(options: StubModelServerOptions = {}): Promise<StubModelServer> {
  const queue: StubTurn[] = [];
  const requests: RecordedRequest[] = [];
  let defaultTurn: StubTurn = options.defaultTurn ?? FALLBACK_TURN;
  let nonStreamingTurn: StubTurn | undefined = options.nonStreamingTurn;
  let models = options.models ?? [MODEL_ID];
  let refuseTools = options.refuseTools ?? false;
  let refuseImages = options.refuseImages ?? false;
  let modelListCount = 0;
  let contextLimitChars: number | null = options.contextLimitChars ?? null;
  let embeddingsFailure: string | null = null;
  let completionCount = 0;
  let toolCallCount = 0;
  const gates = new Map<string, { released: boolean; waiters: (() => void)[] }>();

  function gateNamed(name: string) {
    let gate = gates.get(name);
    if (!gate) gates.set(name, (gate = { released: false, waiters: [] }));
    return gate;
  }

  function release(name: string): void {
    const gate = gateNamed(name);
    gate.released = true;
    for (const wake of gate.waiters.splice(0)) wake();
  }

  /** Resolves when the gate is released or the client has gone, whichever comes first. */
  function passGate(name: string, res: http.ServerResponse): Promise<void> {
    const gate = gateNamed(name);
    if (gate.released || res.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      gate.waiters.push(resolve);
      res.once("close", resolve);
    });
  }

  function nextTurn(): StubTurn {
    return queue.shift() ?? defaultTurn;
  }

  function reset(): void {
    queue.length = 0;
    requests.length = 0;
    for (const name of gates.keys()) release(name);
    gates.clear();
    defaultTurn = options.defaultTurn ?? FALLBACK_TURN;
    nonStreamingTurn = options.nonStreamingTurn;
    models = options.models ?? [MODEL_ID];
    refuseTools = options.refuseTools ?? false;
    refuseImages = options.refuseImages ?? false;
    contextLimitChars = options.contextLimitChars ?? null;
    embeddingsFailure = null;
  }

  async function streamCompletion(
    res: http.ServerResponse,
    record: RecordedRequest,
    turn: Exclude<StubTurn, { type: "error" }>,
    includeUsage: boolean,
  ): Promise<void> {
    const id = `chatcmpl-stub-${++completionCount}`;
    const created = Math.floor(Date.now() / 1000);
    let clientGone = false;
    res.on("close", () => {
      if (!res.writableFinished) clientGone = true;
    });
    const send = (choices: Json[], extra: Json = {}) => {
      res.write(
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: MODEL_ID, choices, ...extra })}\n\n`,
      );
    };
    const delta = (value: Json, finishReason: string | null = null) => [
      { index: 0, delta: value, finish_reason: finishReason },
    ];

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    send(delta({ role: "assistant", content: "" }));

    // Each piece is one chunk; a delay comes before every piece but the first.
    const pieces: Json[] = [];
    if (turn.type === "text") {
      for (const content of textChunks(turn)) pieces.push({ content });
    } else {
      turn.calls.forEach((call, index) => {
        const json = argumentsJson(call);
        const half = Math.ceil(json.length / 2);
        const callId = call.id ?? `call_${++toolCallCount}`;
        pieces.push({
          tool_calls: [
            { index, id: callId, type: "function", function: { name: call.name, arguments: json.slice(0, half) } },
          ],
        });
        if (json.length > half) pieces.push({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] });
      });
    }

    for (const [index, piece] of pieces.entries()) {
      if (index === 1 && turn.type === "text" && turn.gate) await passGate(turn.gate, res);
      if (turn.holdBeforeLast !== undefined && index === pieces.length - 1) await passGate(turn.holdBeforeLast, res);
      if (turn.failAfter !== undefined && index === turn.failAfter) {
        record.outcome = "failed";
        // Close once what was written has reached the client, without the end of the stream:
        // a drop before any byte arrived would be a failed request (which the provider
        // retries), not a stream failing part-way.
        await new Promise<void>((resolve) => (res.socket ? res.socket.end(() => resolve()) : resolve()));
        res.destroy();
        return;
      }
      if (index > 0 && turn.delayMs) await sleep(turn.delayMs);
      if (clientGone || res.destroyed) {
        record.outcome = "aborted";
        return;
      }
      send(delta(piece));
    }
    send(delta({}, turn.type === "text" ? "stop" : "tool_calls"));
    if (includeUsage) send([], { usage: usageFor(record.body, pieces.length) });
    res.write("data: [DONE]\n\n");
    res.end();
    record.outcome = "completed";
  }

  function completeAtOnce(
    res: http.ServerResponse,
    record: RecordedRequest,
    turn: Exclude<StubTurn, { type: "error" }>,
  ): void {
    const message: Json =
      turn.type === "text"
        ? { role: "assistant", content: turn.text }
        : {
            role: "assistant",
            content: null,
            tool_calls: turn.calls.map((call) => ({
              id: call.id ?? `call_${++toolCallCount}`,
              type: "function",
              function: { name: call.name, arguments: argumentsJson(call) },
            })),
          };
    sendJson(res, 200, {
      id: `chatcmpl-stub-${++completionCount}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: MODEL_ID,
      choices: [{ index: 0, message, finish_reason: turn.type === "text" ? "stop" : "tool_calls" }],
      usage: usageFor(record.body, 1),
    });
    record.outcome = "completed";
  }

  async function handleCompletion(res: http.ServerResponse, record: RecordedRequest, bodyChars: number): Promise<void> {
    if (contextLimitChars !== null && bodyChars > contextLimitChars) {
      const tokens = Math.ceil(bodyChars / 4);
      const limit = Math.floor(contextLimitChars / 4);
      sendJson(res, 400, {
        error: {
          message: `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`,
          type: "invalid_request_error",
          param: "messages",
          code: "context_length_exceeded",
        },
      });
      record.outcome = "completed";
      return;
    }
    const body = record.body as {
      model?: string;
      stream?: boolean;
      stream_options?: { include_usage?: boolean };
      tools?: unknown[];
    } | null;
    if (refuseTools !== false && body?.tools?.length) {
      const message =
        typeof refuseTools === "string"
          ? refuseTools
          : `registry.ollama.ai/library/${body.model ?? MODEL_ID} does not support tools`;
      sendJson(res, 400, { error: { message, type: "api_error", param: null, code: null } });
      record.outcome = "completed";
      return;
    }
    if (refuseImages !== false && imageParts(body).length > 0) {
      const message = typeof refuseImages === "string" ? refuseImages : REFUSED_IMAGES;
      sendJson(res, 400, { error: { message, type: "invalid_request_error", param: null, code: null } });
      record.outcome = "completed";
      return;
    }
    const turn = !body?.stream && nonStreamingTurn ? nonStreamingTurn : nextTurn();
    await turn.beforeReply?.();
    if (turn.type === "error") {
      sendJson(res, turn.status, { error: { message: turn.message, type: "stub_error", param: null, code: null } });
      record.outcome = "completed";
      return;
    }
    if (body?.stream) {
      await streamCompletion(res, record, turn, body.stream_options?.include_usage === true);
    } else {
      if (turn.type === "text" && turn.gate) {
        let clientGone = false;
        res.on("close", () => (clientGone = !res.writableFinished));
        await passGate(turn.gate, res);
        if (clientGone || res.destroyed) {
          record.outcome = "aborted";
          return;
        }
      }
      completeAtOnce(res, record, turn);
    }
  }

  async function handleScript(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let parsed: {
      turns?: unknown;
      defaultTurn?: unknown;
      nonStreamingTurn?: unknown;
      models?: unknown;
      refuseTools?: unknown;
      refuseImages?: unknown;
      contextLimitChars?: unknown;
      embeddingsFailure?: unknown;
    };
    try {
      parsed = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return sendJson(res, 400, { error: "body must be JSON" });
    }
    const turns = parsed.turns ?? [];
    if (!Array.isArray(turns) || !turns.every(isStubTurn))
      return sendJson(res, 422, { error: "turns must be StubTurn[]" });
    if (parsed.defaultTurn !== undefined && !isStubTurn(parsed.defaultTurn)) {
      return sendJson(res, 422, { error: "defaultTurn must be a StubTurn" });
    }
    if (parsed.nonStreamingTurn !== undefined && !isStubTurn(parsed.nonStreamingTurn)) {
      return sendJson(res, 422, { error: "nonStreamingTurn must be a StubTurn" });
    }
    const limit = parsed.contextLimitChars;
    if (limit !== undefined && limit !== null && !(typeof limit === "number" && Number.isInteger(limit) && limit > 0)) {
      return sendJson(res, 422, { error: "contextLimitChars must be a positive whole number or null" });
    }
    if (
      parsed.models !== undefined &&
      !(Array.isArray(parsed.models) && parsed.models.every((m) => typeof m === "string"))
    ) {
      return sendJson(res, 422, { error: "models must be string[]" });
    }
    if (
      parsed.refuseTools !== undefined &&
      typeof parsed.refuseTools !== "boolean" &&
      typeof parsed.refuseTools !== "string"
    ) {
      return sendJson(res, 422, { error: "refuseTools must be a boolean or a message" });
    }
    if (
      parsed.refuseImages !== undefined &&
      typeof parsed.refuseImages !== "boolean" &&
      typeof parsed.refuseImages !== "string"
    ) {
      return sendJson(res, 422, { error: "refuseImages must be a boolean or a message" });
    }
    if (
      parsed.embeddingsFailure !== undefined &&
      parsed.embeddingsFailure !== null &&
      typeof parsed.embeddingsFailure !== "string"
    ) {
      return sendJson(res, 422, { error: "embeddingsFailure must be a message or null" });
    }
    queue.push(...turns);
    if (parsed.embeddingsFailure !== undefined) embeddingsFailure = parsed.embeddingsFailure as string | null;
    if (parsed.refuseImages !== undefined) refuseImages = parsed.refuseImages as boolean | string;
    if (parsed.models !== undefined) models = parsed.models as string[];
    if (parsed.refuseTools !== undefined) refuseTools = parsed.refuseTools as boolean | string;
    if (limit !== undefined) contextLimitChars = limit as number | null;
    if (parsed.defaultTurn !== undefined) defaultTurn = parsed.defaultTurn as StubTurn;
    if (parsed.nonStreamingTurn !== undefined) nonStreamingTurn = parsed.nonStreamingTurn as StubTurn;
    sendJson(res, 200, { queued: queue.length });
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const pathname = new URL(req.url ?? "/", "http://stub").pathname;
    const method = req.method ?? "GET";

    if (method === "POST" && pathname === "/__script") return handleScript(req, res);
    if (method === "GET" && pathname === "/__requests") return sendJson(res, 200, { requests });
    if (method === "POST" && pathname === "/__release") {
      const { gate } = JSON.parse((await readBody(req)) || "{}") as { gate?: unknown };
      if (typeof gate !== "string") return sendJson(res, 422, { error: "gate must be a string" });
      release(gate);
      return sendJson(res, 200, { ok: true });
    }
    if (method === "POST" && pathname === "/__reset") {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (method === "GET" && pathname === "/v1/models") {
      modelListCount++;
      return sendJson(res, 200, {
        object: "list",
        data: models.map((id) => ({ id, object: "model", created: 0, owned_by: "stub" })),
      });
    }
    if (pathname.startsWith("/v1/")) {
      const raw = method === "POST" ? await readBody(req) : "";
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return sendJson(res, 400, { error: { message: "Request body is not JSON.", type: "invalid_request_error" } });
      }
      const record: RecordedRequest = {
        method,
        path: pathname,
        body,
        receivedAt: new Date().toISOString(),
        outcome: "pending",
      };
      requests.push(record);
      if (method === "POST" && pathname === "/v1/chat/completions") return handleCompletion(res, record, raw.length);
      if (method === "POST" && pathname === "/v1/embeddings") {
        if (embeddingsFailure !== null) {
          record.outcome = "failed";
          return sendJson(res, 500, { error: { message: embeddingsFailure, type: "server_error" } });
        }
        const { status, json } = embeddingsResponse(body);
        record.outcome = status === 200 ? "completed" : "failed";
        return sendJson(res, status, json);
      }
    }
    sendJson(res, 404, { error: { message: `No route for ${method} ${pathname}.`, type: "invalid_request_error" } });
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: "stub_error" } });
      else res.destroy();
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : Number(options.port);

  return {
    url: `http://${host}:${port}/v1`,
    port,
    requests,
    enqueue: (...turns) => queue.push(...turns),
    setDefaultTurn: (turn) => {
      defaultTurn = turn;
    },
    setNonStreamingTurn: (turn) => {
      nonStreamingTurn = turn;
    },
    release,
    setModels: (list) => {
      models = list;
    },
    setRefuseTools: (refuse) => {
      refuseTools = refuse;
    },
    setRefuseImages: (refuse) => {
      refuseImages = refuse;
    },
    modelListCount: () => modelListCount,
    setContextLimit: (chars) => {
      contextLimitChars = chars;
    },
    setEmbeddingsFailure: (message) => {
      embeddingsFailure = message;
    },
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readPortArgument(argv: readonly string[]): number {
  const flag = argv.indexOf("--port");
  const value = flag >= 0 ? Number(argv[flag + 1]) : Number(process.env.STUB_MODEL_PORT ?? 4010);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`Invalid --port: ${argv[flag + 1]}`);
  return value;
}

const runAsScript = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (runAsScript) {
  const modelsFlag = process.argv.indexOf("--models");
  const stub = await startStubModelServer({
    port: readPortArgument(process.argv),
    models: modelsFlag >= 0 ? (process.argv[modelsFlag + 1] ?? "").split(",").filter(Boolean) : undefined,
    refuseTools: process.argv.includes("--refuse-tools"),
    refuseImages: ["1", "true"].includes(process.env.STUB_NO_VISION ?? ""),
  });
  console.log(`stub model server listening on ${stub.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void stub.close().finally(() => process.exit(0));
    });
  }
}
