import { afterAll, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { startStubModelServer, type StubModelServer } from "./stub-model-server";

// Points the app at a scripted OpenAI-compatible server for one test file: started before
// the file, reset before each test, stopped after. The background title call gets a fixed
// answer so it never takes a test's scripted turns.

type Json = Record<string, any>;
export type ChatRequest = { messages: Json[]; tools?: { function: { name: string } }[] };

export function withStubModel(): { stub: () => StubModelServer; streamingRequests: () => ChatRequest[] } {
  let server: StubModelServer;
  beforeAll(async () => {
    server = await startStubModelServer({ nonStreamingTurn: { type: "text", text: "Stub title" } });
    process.env.OPENAI_BASE_URL = server.url;
    process.env.OPENAI_API_KEY = "test-key";
    process.env.OPENAI_MODEL = "stub";
    resetConfigForTests();
  });
  afterAll(async () => {
    await server.close();
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_MODEL;
    resetConfigForTests();
  });
  beforeEach(() => server.reset());
  return {
    stub: () => server,
    streamingRequests: () => server.requests.filter((r) => (r.body as Json).stream).map((r) => r.body as ChatRequest),
  };
}

/** The text of a Chat Completions message, whether its content is a string or parts. */
export const contentText = (m: Json): string =>
  typeof m.content === "string" ? m.content : (m.content ?? []).map((p: Json) => p.text ?? "").join("");
