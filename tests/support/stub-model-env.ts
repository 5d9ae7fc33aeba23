import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { startStubModelServer, type StubModelServer } from "./stub-model-server";

// Points the app at a scripted OpenAI-compatible server for one test file: started before
// the file, reset before each test, stopped after. The background title call gets a fixed
// answer so it never takes a test's scripted turns. `stub` stands for that server from the
// file's top level on, though the server itself only starts in beforeAll.

type Json = Record<string, any>;
export type ChatRequest = { messages: Json[]; tools?: { function: { name: string } }[] };

export function withStubModel(): { stub: StubModelServer; streamingRequests: () => ChatRequest[] } {
  let server: StubModelServer | undefined;
  const current = (): StubModelServer => {
    if (!server) throw new Error("the stub model server is used before its beforeAll started it");
    return server;
  };
  beforeAll(async () => {
    server = await startStubModelServer({ nonStreamingTurn: { type: "text", text: "Stub title" } });
    process.env.OPENAI_BASE_URL = server.url;
    process.env.OPENAI_API_KEY = "test-key";
    process.env.OPENAI_MODEL = "stub";
    resetConfigForTests();
  });
  afterAll(async () => {
    await server?.close();
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_MODEL;
    resetConfigForTests();
  });
  beforeEach(() => current().reset());
  // Every member is read from the running server when used (its methods close over it).
  const stub = new Proxy({} as StubModelServer, { get: (_, key) => Reflect.get(current(), key) });
  return {
    stub,
    streamingRequests: () => stub.requests.filter((r) => (r.body as Json).stream).map((r) => r.body as ChatRequest),
  };
}

/** The text of a Chat Completions message, whether its content is a string or parts. */
export const contentText = (m: Json): string =>
  typeof m.content === "string" ? m.content : (m.content ?? []).map((p: Json) => p.text ?? "").join("");
