import { describe, expect, it } from "vitest";
import { signUp } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { contentText, withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// A chat's project is merged into another while a run of that chat is in its tool loop
// (docs/architecture.md § "Fork, merge and transfer"): the model's tool call is held at a gate, the
// merge is made, the gate is released. The run keeps the project context it pinned (the source's
// instructions and index) and finishes; the chat now belongs to the target, and its next run sees
// the target.

type Json = Record<string, any>;

const { stub, streamingRequests } = withStubModel();
function projectBlock(request: Json): string {
  const message = request.messages.find((m: Json) => m.role === "user" && contentText(m).startsWith("<project "));
  return message ? contentText(message) : "";
}

describe("a merge while a chat of the source is running", () => {
  it("the run keeps what it pinned; the chat's next run sees the target with the merged shelf", async () => {
    const { api } = await signUp();
    const source = await newProject(api, "Source side");
    const target = await newProject(api, "Target side");
    await api("PATCH", `/api/projects/${source}`, { json: { instructions: "Source rules." } });
    await api("PATCH", `/api/projects/${target}`, { json: { instructions: "Target rules." } });
    const facts = await uploadDocument(api, source, "facts.txt", "The sky is green.");
    await uploadDocument(api, target, "other.txt", "Other facts.");
    const { thread } = await (await api("POST", "/api/threads", { json: { projectId: source, title: "held" } })).json();
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "list_project_documents", arguments: {} }],
        holdBeforeLast: "merge",
      },
      { type: "text", text: "Done." },
    );
    const response = api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "List them" } } });
    await expect.poll(() => streamingRequests().length).toBe(1);

    const merged = await api("POST", `/api/projects/${source}/merge`, {
      json: { intoProjectId: target, afterwards: "archive" },
    });
    expect(merged.status).toBe(200);
    stub.release("merge");
    expect((await readUiStream(await response)).text).toBe("Done.");
    const [first, second] = streamingRequests() as unknown as Json[];
    for (const request of [first!, second!]) {
      expect(projectBlock(request)).toContain("Source side");
      expect(projectBlock(request)).toContain("Source rules.");
      expect(projectBlock(request)).not.toContain("other.txt");
    }

    expect((await (await api("GET", `/api/threads/${thread.id}`)).json()).thread.projectId).toBe(target);
    stub.enqueue({ type: "text", text: "Next." });
    await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "again" } } }));
    const next = projectBlock(streamingRequests().at(-1) as unknown as Json);
    expect(next).toContain("Target side");
    expect(next).toContain("Target rules.\n\n## Source side\n\nSource rules.");
    expect(next).toContain(facts.name);
    expect(next).toContain("other.txt");
  });
});
