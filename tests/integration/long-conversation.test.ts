import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { signUp, type Api } from "../support/route-client";
import type { RecordedRequest } from "../support/stub-model-server";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { newThread } from "../support/fixtures";

// Long threads against a model with a real context limit
// (docs/architecture.md § "The path of a run", step 5): the stub refuses any request over
// CONTEXT_LIMIT_CHARS like OpenAI does, and the app is told the model's window is
// MODEL_CONTEXT_TOKENS. A request must always fit, the summary is made once per crossing of the
// budget, and every turn stays in the history.

type Json = Record<string, any>;

const { stub } = withStubModel();

// 6144-token window, 1024 kept for the answer: about 20 KB of request. The stub's limit is
// a little above what a full budget can take in JSON, and far below the unbounded history.
const CONTEXT_TOKENS = "6144";
const CONTEXT_LIMIT_CHARS = 40_000;
const SUMMARY = "The person and the assistant discussed the numbered topics; each answer repeated the topic's facts.";

beforeEach(() => {
  process.env.MODEL_CONTEXT_TOKENS = CONTEXT_TOKENS;
  process.env.MODEL_MAX_OUTPUT_TOKENS = "1024";
  resetConfigForTests();
  stub.setContextLimit(CONTEXT_LIMIT_CHARS);
  stub.setNonStreamingTurn({ type: "text", text: SUMMARY });
});
afterAll(() => {
  delete process.env.MODEL_CONTEXT_TOKENS;
  delete process.env.MODEL_MAX_OUTPUT_TOKENS;
  resetConfigForTests();
});

const isSummaryCall = (r: RecordedRequest) =>
  !(r.body as Json).stream && contentText((r.body as Json).messages[0]).includes("running summary");
const chatRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => (r.body as Json).stream).map((r) => r.body as ChatRequest);
const bodyChars = (r: RecordedRequest) => JSON.stringify(r.body).length;

/** A thread titled "long", in a new project with these instructions when they are given. */
async function longThread(api: Api, instructions?: string): Promise<string> {
  let projectId: string | null = null;
  if (instructions !== undefined) {
    const { project } = await (
      await api("POST", "/api/projects", { json: { name: `P ${crypto.randomUUID()}`, instructions } })
    ).json();
    projectId = project.id;
  }
  return (await newThread(api, { projectId, title: "long" })).id;
}

async function run(api: Api, threadId: string, text: string) {
  const res = await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text } } });
  expect(res.status).toBe(200);
  const streamed = await readUiStream(res);
  // The run is recorded after its stream is delivered: wait for that, not for a guess.
  await backgroundWorkSettled();
  return streamed;
}

const question = (n: number) => `Question ${n}: ${"please explain this topic in detail ".repeat(14)}?`;
const answer = (n: number) => `Answer ${n}: ${"here are the facts of this topic, one after another. ".repeat(40)}.`;

describe("a 300-exchange thread", () => {
  it("keeps answering within the model's limit, summarising once per crossing of the budget", async () => {
    const { api } = await signUp();
    const threadId = await longThread(api, "Answer briefly.");
    const summaryRounds: number[] = [];
    let largest = 0;
    for (let n = 1; n <= 300; n += 1) {
      stub.reset();
      stub.setContextLimit(CONTEXT_LIMIT_CHARS);
      stub.setNonStreamingTurn({ type: "text", text: `${SUMMARY} (through ${n})` });
      stub.enqueue({ type: "text", text: answer(n), chunks: [answer(n)] });
      const { text, chunks } = await run(api, threadId, question(n));
      expect(
        chunks.filter((c) => c.type === "error"),
        `run ${n}`,
      ).toEqual([]);
      expect(text).toBe(answer(n));
      const summarised = stub.requests.some(isSummaryCall);
      if (summarised) summaryRounds.push(n);
      // The chat is told when (and only when) a run first summarises older turns.
      expect(
        chunks.some((c) => c.type === "data-summarising"),
        `run ${n}`,
      ).toBe(summarised);
      largest = Math.max(largest, ...stub.requests.map(bodyChars));
    }
    // Unbounded, the last request would carry ~750 KB; it never passed the model's limit.
    expect(largest).toBeLessThanOrEqual(CONTEXT_LIMIT_CHARS);
    // The first crossing comes after a few dozen exchanges; after that, one summary round
    // every several runs, never two in a row.
    expect(summaryRounds.length).toBeGreaterThan(5);
    expect(summaryRounds.length).toBeLessThan(300 / 5);
    summaryRounds
      .slice(1)
      .forEach((round, i) =>
        expect(round - summaryRounds[i]!, `rounds ${summaryRounds[i]} and ${round}`).toBeGreaterThanOrEqual(5),
      );

    // The last request: system prompt, one summary block, recent turns verbatim, the project block, the question.
    const last = chatRequests(stub.requests).at(-1)!;
    const texts = last.messages.map(contentText);
    expect(last.messages[0].role).toBe("system");
    expect(last.messages[1].role).toBe("user");
    expect(texts[1]).toBe(
      `<conversation_summary>\n${SUMMARY} (through ${summaryRounds.at(-1)})\n</conversation_summary>`,
    );
    const userTexts = last.messages.filter((m) => m.role === "user").map(contentText);
    expect(userTexts.filter((t) => t.includes("<conversation_summary>"))).toHaveLength(1);
    expect(userTexts.filter((t) => t.includes("<project "))).toHaveLength(1);
    expect(texts.at(-2)).toMatch(/^<project id=/);
    expect(texts.at(-1)).toBe(question(300));
    expect(texts[2]).toMatch(/^Question \d+: /);
    const recent = texts.slice(2, -2);
    expect(recent.length).toBeGreaterThan(4);
    const firstRecent = Number(/^Question (\d+)/.exec(recent[0]!)![1]);
    expect(recent).toEqual(
      Array.from({ length: 299 - firstRecent + 1 }, (_, i) => [
        question(firstRecent + i),
        answer(firstRecent + i),
      ]).flat(),
    );
    expect(last.messages.filter((m) => m.role === "system")).toHaveLength(1);
    expect(contentText(last.messages[0])).not.toContain(SUMMARY);

    // Every turn stays in the history; the summary is not a message.
    const { messages } = await (await api("GET", `/api/threads/${threadId}/messages`)).json();
    expect(messages).toHaveLength(600);
    expect(JSON.stringify(messages)).not.toContain("conversation_summary");
    expect(JSON.stringify(messages)).not.toContain(SUMMARY);
    expect(JSON.stringify(messages)).not.toContain("data-summarising");

    // The summary is readable over the API, and ends where the request's verbatim turns begin.
    const { summary } = await (await api("GET", `/api/threads/${threadId}/summary`)).json();
    expect(summary).toEqual({
      text: `${SUMMARY} (through ${summaryRounds.at(-1)})`,
      throughMessageId: expect.any(String),
      updatedAt: expect.any(String),
    });
    const through = messages.findIndex((m: Json) => m.id === summary.throughMessageId);
    expect(messages[through].role).toBe("assistant");
    expect(messages[through + 1].parts[0].text).toBe(question(firstRecent));
    const stranger = await signUp("Stranger");
    expect((await stranger.api("GET", `/api/threads/${threadId}/summary`)).status).toBe(404);

    // The context panel's numbers: what the next run carries before its new message.
    const { history } = await (await api("GET", `/api/threads/${threadId}/context`)).json();
    expect(history).toEqual({
      tokens: expect.any(Number),
      budgetTokens: 5120,
      prunedToolResults: 0,
      summarizedThroughMessageId: summary.throughMessageId,
    });
    expect(history.tokens).toBeGreaterThan(1000);
  }, 240_000);
});

describe("pruning old tool results", () => {
  it("replaces old reads by one-line stubs, keeps each call with its result, and keeps recent reads verbatim", async () => {
    const { api } = await signUp();
    const threadId = await longThread(api);
    const form = new FormData();
    form.append("files", new File(["fact. ".repeat(1500)], "facts.txt", { type: "text/plain" }));
    expect((await api("POST", `/api/threads/${threadId}/uploads`, { body: form })).status).toBe(201);
    // Each turn reads 3,000 characters (~1,000 tokens) of the file: three reads fit the
    // budget beside the system prompt and tool schemas, four do not.
    for (let n = 1; n <= 4; n += 1) {
      stub.enqueue(
        {
          type: "tool-calls",
          calls: [
            {
              id: `read_${n}`,
              name: "read_thread_file",
              arguments: { kind: "upload", name: "facts.txt", limit: 3000 },
            },
          ],
        },
        { type: "text", text: `Read it (${n}).` },
      );
      const { text } = await run(api, threadId, `Read facts.txt, turn ${n}`);
      expect(text).toBe(`Read it (${n}).`);
    }
    const last = chatRequests(stub.requests).at(-1)!;
    const toolMessages = last.messages.filter((m) => m.role === "tool");
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(["read_1", "read_2", "read_3", "read_4"]);
    expect(contentText(toolMessages[0]!)).toBe("[read facts.txt, chars 0–3000: omitted; read it again if needed]");
    // The two most recent turns and this run's own read are verbatim.
    for (const message of toolMessages.slice(1)) expect(JSON.parse(contentText(message)).content).toHaveLength(3000);
    last.messages.forEach((message, i) => {
      if (message.role === "tool") expect(last.messages[i - 1]!.tool_calls?.[0]?.id).toBe(message.tool_call_id);
    });
    expect(stub.requests.some(isSummaryCall)).toBe(false);
    expect((await (await api("GET", `/api/threads/${threadId}/summary`)).json()).summary).toBeNull();
    const { history } = await (await api("GET", `/api/threads/${threadId}/context`)).json();
    expect(history).toMatchObject({ budgetTokens: 5120, prunedToolResults: 1, summarizedThroughMessageId: null });
    expect(history.tokens).toBeLessThanOrEqual(5120);
    // The stored history keeps every read whole.
    const { messages } = await (await api("GET", `/api/threads/${threadId}/messages`)).json();
    expect(JSON.stringify(messages)).not.toContain("omitted; read it again");
  });
});

describe("what does not fit", () => {
  it("fails a turn that cannot fit on its own before calling the model, and says so", async () => {
    const { api } = await signUp();
    const threadId = await longThread(api);
    const huge = "lorem ipsum dolor sit amet ".repeat(3300);
    const { chunks } = await run(api, threadId, huge);
    const error = chunks.find((c) => c.type === "error");
    expect(error?.errorText).toMatch(
      /^This message is too long for the model's context window \(about [\d,]+ tokens, and a request to this model may carry at most 5,120\)/,
    );
    expect(stub.requests).toEqual([]);
    const { runs } = await (await api("GET", `/api/threads/${threadId}/runs`)).json();
    expect(runs[0]).toMatchObject({ status: "failed", error: error!.errorText });
    // The message is kept: the person can copy it, shorten it and send it again.
    const { messages } = await (await api("GET", `/api/threads/${threadId}/messages`)).json();
    expect(messages.map((m: Json) => m.role)).toEqual(["user"]);
  });

  it("shows a provider's own context-length error as such", async () => {
    const { api } = await signUp();
    const threadId = await longThread(api);
    stub.setContextLimit(2000);
    const { chunks } = await run(api, threadId, "Hello");
    const error = chunks.find((c) => c.type === "error");
    expect(error?.errorText).toMatch(
      /^The conversation is longer than the model accepts \(the model server said: This model's maximum context length is 500 tokens/,
    );
    expect(error?.errorText).toContain("lower it to match");
    const { runs } = await (await api("GET", `/api/threads/${threadId}/runs`)).json();
    expect(runs[0]).toMatchObject({ status: "failed", error: error!.errorText });
  });
});
