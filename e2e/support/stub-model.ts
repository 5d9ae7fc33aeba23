import type { APIRequestContext } from "@playwright/test";

// Scripts the OpenAI-compatible stub that scripts/e2e-server.mjs starts and points the app
// at. Turn shapes: see the top of tests/support/stub-model-server.ts.

const STUB_URL = `http://127.0.0.1:${process.env.STUB_MODEL_PORT ?? 4010}`;

export type StubTurn =
  | { type: "text"; text: string; delayMs?: number; chunks?: string[] }
  | { type: "tool-calls"; calls: { name: string; arguments?: unknown }[]; delayMs?: number }
  | { type: "error"; status: number; message: string };

export interface RecordedRequest {
  path: string;
  body: { stream?: boolean; messages?: { role: string; content: unknown }[] } | null;
  outcome: "pending" | "completed" | "aborted";
}

export class StubModel {
  constructor(private readonly request: APIRequestContext) {}

  async reset() {
    await this.request.post(`${STUB_URL}/__reset`);
  }

  /** Queues streamed turns; `title` answers the background title call without using the queue. */
  async script(turns: StubTurn[], title?: string) {
    const response = await this.request.post(`${STUB_URL}/__script`, {
      data: { turns, ...(title ? { nonStreamingTurn: { type: "text", text: title } } : {}) },
    });
    if (!response.ok()) throw new Error(`stub refused the script: ${await response.text()}`);
  }

  /** Streaming completion requests only (the chat runs), oldest first. */
  async runRequests(): Promise<RecordedRequest[]> {
    const { requests } = (await (await this.request.get(`${STUB_URL}/__requests`)).json()) as { requests: RecordedRequest[] };
    return requests.filter((r) => r.path === "/v1/chat/completions" && r.body?.stream);
  }
}
