import type { APIRequestContext } from "@playwright/test";
import type {
  CompletionBody,
  RecordedRequest as SharedRecordedRequest,
  ScriptedTurn,
} from "../../tests/support/stub-model-types";

// Scripts the OpenAI-compatible stub that scripts/e2e-server.mjs starts and points the app
// at. Turn and request shapes are the integration stub's own (tests/support/stub-model-types.ts).

const STUB_PORT = Number(process.env.STUB_MODEL_PORT ?? 4010);
const STUB_URL = `http://127.0.0.1:${STUB_PORT}`;
/** The second stub: the endpoint "local", offering llama3.1:8b and qwen2.5:7b. */
export const LOCAL_STUB_URL = `http://127.0.0.1:${process.env.STUB_MODEL_PORT_2 ?? STUB_PORT + 1}`;

export type StubTurn = ScriptedTurn;
/** A request the stub recorded; the body is a completion request's (or null when not JSON). */
export type RecordedRequest = SharedRecordedRequest<CompletionBody | null>;

export class StubModel {
  constructor(
    private readonly request: APIRequestContext,
    private readonly url = STUB_URL,
  ) {}

  async reset() {
    await this.request.post(`${this.url}/__reset`);
  }

  /** From now on, refuse tool definitions the way Ollama does for a model without tools. */
  async refuseTools(refuse = true) {
    const response = await this.request.post(`${this.url}/__script`, { data: { refuseTools: refuse } });
    if (!response.ok()) throw new Error(`stub refused the mode: ${await response.text()}`);
  }

  /** From now on, refuse image parts the way OpenAI does for a model that cannot see. */
  async refuseImages(refuse = true) {
    const response = await this.request.post(`${this.url}/__script`, { data: { refuseImages: refuse } });
    if (!response.ok()) throw new Error(`stub refused the mode: ${await response.text()}`);
  }

  /** Queues streamed turns; `title` answers the background title call without using the queue. */
  async script(turns: StubTurn[], title?: string) {
    const response = await this.request.post(`${this.url}/__script`, {
      data: { turns, ...(title ? { nonStreamingTurn: { type: "text", text: title } } : {}) },
    });
    if (!response.ok()) throw new Error(`stub refused the script: ${await response.text()}`);
  }

  /**
   * Answers every non-streaming call (the chat title, the conversation summary) with `text`;
   * with `gate`, each is held until `release(gate)`.
   */
  async nonStreaming(text: string, gate?: string) {
    const response = await this.request.post(`${this.url}/__script`, {
      data: { nonStreamingTurn: { type: "text", text, ...(gate ? { gate } : {}) } },
    });
    if (!response.ok()) throw new Error(`stub refused the turn: ${await response.text()}`);
  }

  async release(gate: string) {
    const response = await this.request.post(`${this.url}/__release`, { data: { gate } });
    if (!response.ok()) throw new Error(`stub refused the release: ${await response.text()}`);
  }

  /** Refuses request bodies over `chars` characters as over the model's context window, until the next reset. */
  async contextLimit(chars: number | null) {
    const response = await this.request.post(`${this.url}/__script`, { data: { contextLimitChars: chars } });
    if (!response.ok()) throw new Error(`stub refused the limit: ${await response.text()}`);
  }

  /** Every completion request, streaming or not, oldest first. */
  async completionRequests(): Promise<RecordedRequest[]> {
    const { requests } = (await (await this.request.get(`${this.url}/__requests`)).json()) as {
      requests: RecordedRequest[];
    };
    return requests.filter((r) => r.path === "/v1/chat/completions");
  }

  /** Streaming completion requests only (the chat runs), oldest first. */
  async runRequests(): Promise<RecordedRequest[]> {
    const { requests } = (await (await this.request.get(`${this.url}/__requests`)).json()) as {
      requests: RecordedRequest[];
    };
    return requests.filter((r) => r.path === "/v1/chat/completions" && r.body?.stream);
  }
}
