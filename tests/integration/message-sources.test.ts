import { describe, expect, it } from "vitest";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { signUp, type Api } from "../support/route-client";
import { withStubModel } from "../support/stub-model-env";
import { parseUiStream, readUiStream } from "../support/ui-stream";

// Read receipts on persisted answers, and Stop storing exactly what the client was sent.

type Json = Record<string, any>;

const { stub } = withStubModel();
async function upload(api: Api, projectId: string, name: string, content: string): Promise<DocumentDto> {
  const body = new FormData();
  body.append("file", new File([content], name));
  return (await (await api("POST", `/api/projects/${projectId}/documents`, { body })).json()).document;
}

const messagesOf = async (api: Api, threadId: string): Promise<Json[]> =>
  (await (await api("GET", `/api/threads/${threadId}/messages`)).json()).messages;

describe("message sources", () => {
  it("records the documents and chat files read, with merged ranges, and says when one is gone", async () => {
    const { api } = await signUp();
    const { project } = await (
      await api("POST", "/api/projects", { json: { name: `P ${crypto.randomUUID()}` } })
    ).json();
    const plan = await upload(api, project.id, "plan.md", "x".repeat(300));
    const spec = await upload(api, project.id, "spec.md", "y".repeat(50));
    const { thread } = await (await api("POST", "/api/threads", { json: { projectId: project.id } })).json();
    const files = new FormData();
    files.append("files", new File(["notes of the meeting"], "notes.txt"));
    expect((await api("POST", `/api/threads/${thread.id}/uploads`, { body: files })).status).toBe(201);

    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: plan.id, offset: 0, limit: 100 } }],
      },
      {
        type: "tool-calls",
        calls: [
          { name: "read_project_document", arguments: { documentId: plan.id, offset: 100, limit: 50 } },
          { name: "read_thread_file", arguments: { kind: "upload", name: "notes.txt" } },
          { name: "read_project_document", arguments: { documentId: "no-such-document" } },
          { name: "read_project_document", arguments: { documentId: spec.id, offset: 10, limit: 5 } },
        ],
      },
      { type: "text", text: "The plan says x." },
    );
    const { chunks } = await readUiStream(
      await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "Summarise" } } }),
    );
    const expected = [
      { kind: "document", documentId: plan.id, name: "plan.md", ranges: [[0, 150]] },
      { kind: "upload", name: "notes.txt", ranges: [[0, 20]] },
      { kind: "document", documentId: spec.id, name: "spec.md", ranges: [[10, 15]] },
    ];
    // The live stream carries them as each read completes, so the answer shows them without a
    // reload, the first right after the first read's result. (Other metadata, such as the model
    // that answered, travels in chunks of its own.)
    const withSources = chunks.flatMap((c, index) =>
      c.type === "message-metadata" && (c.messageMetadata as { sources?: unknown }).sources ? [index] : [],
    );
    expect(chunks[withSources[0]! - 1]).toMatchObject({ type: "tool-output-available" });
    expect(chunks[withSources[0]!]!.messageMetadata).toEqual({ sources: [{ ...expected[0], ranges: [[0, 100]] }] });
    expect(chunks[withSources.at(-1)!]!.messageMetadata).toEqual({ sources: expected });

    const answer = (await messagesOf(api, thread.id))[1]!;
    expect(answer.sources).toEqual(expected.map((source) => ({ ...source, available: true })));

    expect((await api("DELETE", `/api/projects/${project.id}/documents/${spec.id}`)).status).toBe(204);
    expect((await api("DELETE", `/api/threads/${thread.id}/uploads/notes.txt`)).status).toBe(204);
    expect((await messagesOf(api, thread.id))[1]!.sources.map((s: Json) => s.available)).toEqual([true, false, false]);
    const [user] = await messagesOf(api, thread.id);
    expect(user).not.toHaveProperty("sources");
  });
});

describe("Stop", () => {
  // Reads the run's stream until `deltas` text deltas have arrived, then stops, as the stop button does.
  async function stopAfter(api: Api, threadId: string, deltas: number): Promise<string> {
    const res = await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "go" } } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let raw = "";
    while (parseUiStream(raw).filter((c) => c.type === "text-delta").length < deltas) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the run ended before the stop");
      raw += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    return parseUiStream(raw)
      .filter((c) => c.type === "text-delta")
      .map((c) => c.delta)
      .join("");
  }

  it.each([
    ["a fast stream", { type: "text" as const, text: "", chunks: Array.from({ length: 4000 }, (_, i) => `w${i} `) }],
    [
      "a slow stream",
      { type: "text" as const, text: "", chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 30 },
    ],
  ])("stores exactly the text the client received on %s", async (_name, turn) => {
    const { api } = await signUp();
    const { thread } = await (await api("POST", "/api/threads", { json: { title: "stop" } })).json();
    stub.enqueue(turn);
    const received = await stopAfter(api, thread.id, 12);
    await expect
      .poll(async () => (await (await api("GET", `/api/threads/${thread.id}/runs`)).json()).runs[0].status)
      .toBe("stopped");
    const stored = (await messagesOf(api, thread.id))[1]!.parts
      .filter((p: Json) => p.type === "text")
      .map((p: Json) => p.text)
      .join("");
    expect(received.length).toBeGreaterThan(0);
    expect(stored).toBe(received);
  });
});
