import { describe, expect, it } from "vitest";
import { backgroundWorkSettled } from "@/lib/runs/background-work";
import { getDb } from "@/lib/db/client";
import { threadRoot } from "@/lib/storage/layout";
import { signUp, type Api } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { contentText, withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";
import { pathExists } from "../support/path-exists";

// Issue #12: the chat, its project or the project's instructions change while the agent is
// in a tool loop. The model's tool call is held at a gate, the change is made, the gate is
// released: each ordering is forced, never hoped for. The run keeps the context it was
// admitted with, finishes cleanly, and the next run sees the change.

type Json = Record<string, any>;

const { stub, streamingRequests } = withStubModel();
function projectBlock(request: Json): string {
  const message = request.messages.find((m: Json) => m.role === "user" && contentText(m).startsWith("<project "));
  return message ? contentText(message) : "";
}
const lastToolResult = (request: Json): Json =>
  JSON.parse(request.messages.filter((m: Json) => m.role === "tool").at(-1).content);
// A run is recorded once its delivery settles, as tracked background work: wait for it, never sleep.
async function runsOf(api: Api, threadId: string) {
  await backgroundWorkSettled();
  return (await (await api("GET", `/api/threads/${threadId}/runs`)).json()).runs as Json[];
}

/** A project with one document, a chat in it, and a run whose read of that document waits at `gate`. */
async function heldRun(api: Api, gate: string) {
  const projectId = await newProject(api);
  await api("PATCH", `/api/projects/${projectId}`, { json: { instructions: "Old instructions." } });
  const document = await uploadDocument(api, projectId, "facts.txt", "The sky is green.");
  const { thread } = await (await api("POST", "/api/threads", { json: { projectId, title: "held" } })).json();
  stub.enqueue(
    {
      type: "tool-calls",
      calls: [{ name: "read_project_document", arguments: { documentId: document.id } }],
      holdBeforeLast: gate,
    },
    { type: "text", text: "Done." },
  );
  const response = api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "Read the facts" } } });
  await expect.poll(() => streamingRequests().length).toBe(1);
  return { projectId, document, threadId: thread.id as string, response };
}

describe("changes during an active tool loop", () => {
  it("an instruction edit: the run keeps the instructions it was admitted with; the next run gets the new ones", async () => {
    const { api } = await signUp();
    const run = await heldRun(api, "edit");
    expect(
      (await api("PATCH", `/api/projects/${run.projectId}`, { json: { instructions: "New instructions." } })).status,
    ).toBe(200);
    stub.release("edit");
    expect((await readUiStream(await run.response)).text).toBe("Done.");
    const [first, second] = streamingRequests() as unknown as Json[];
    expect(projectBlock(first!)).toContain("Old instructions.");
    expect(projectBlock(second!)).toContain("Old instructions.");
    expect(lastToolResult(second!).content).toBe("The sky is green.");

    stub.enqueue({ type: "text", text: "Next." });
    await readUiStream(
      await api("POST", `/api/threads/${run.threadId}/runs`, { json: { message: { text: "again" } } }),
    );
    expect(projectBlock(streamingRequests().at(-1) as unknown as Json)).toContain("New instructions.");
  });

  it("a move out of the project: the run finishes with its pinned project; the next run has none", async () => {
    const { api } = await signUp();
    const run = await heldRun(api, "move");
    expect((await api("POST", `/api/threads/${run.threadId}/move`, { json: { projectId: null } })).status).toBe(200);
    stub.release("move");
    expect((await readUiStream(await run.response)).text).toBe("Done.");
    expect((await runsOf(api, run.threadId))[0].status).toBe("completed");

    stub.enqueue({ type: "text", text: "Outside now." });
    await readUiStream(
      await api("POST", `/api/threads/${run.threadId}/runs`, { json: { message: { text: "again" } } }),
    );
    const next = streamingRequests().at(-1) as unknown as Json;
    expect(projectBlock(next)).toBe("");
    expect((next.tools ?? []).map((t: Json) => t.function.name)).not.toContain("read_project_document");
  });

  it("a project delete: the read finds the document gone (trashed with the project), the run completes", async () => {
    const { api } = await signUp();
    const run = await heldRun(api, "delete-project");
    expect((await api("DELETE", `/api/projects/${run.projectId}`)).status).toBe(200);
    stub.release("delete-project");
    expect((await readUiStream(await run.response)).text).toBe("Done.");
    const result = lastToolResult(streamingRequests()[1] as unknown as Json);
    expect(result.error).toBeTruthy();
    expect(JSON.stringify(result)).not.toContain("The sky is green.");
    expect((await runsOf(api, run.threadId))[0].status).toBe("completed");
  });

  it("a chat delete: the run ends without bringing the chat or its folder back", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const { thread } = await (await user.api("POST", "/api/threads", { json: { projectId, title: "doomed" } })).json();
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "write_output_file", arguments: { name: "late.md", content: "written after the delete" } }],
        holdBeforeLast: "delete-thread",
      },
      { type: "text", text: "Saved." },
    );
    const response = user.api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "write" } } });
    await expect.poll(() => streamingRequests().length).toBe(1);
    expect((await user.api("DELETE", `/api/threads/${thread.id}`)).status).toBe(204);
    stub.release("delete-thread");
    await (await response).text();
    await backgroundWorkSettled();

    expect(lastToolResult(streamingRequests()[1] as unknown as Json).error).toMatch(/no longer exists/);
    expect((await user.api("GET", `/api/threads/${thread.id}`)).status).toBe(404);
    expect(await pathExists(threadRoot({ userId: user.id, threadId: thread.id }))).toBe(false);
    const db = await getDb();
    expect(await db.run.count({ where: { threadId: thread.id } })).toBe(0);
    expect(await db.message.count({ where: { threadId: thread.id } })).toBe(0);

    // The account is fine: a new chat runs.
    const { thread: next } = await (await user.api("POST", "/api/threads", { json: {} })).json();
    stub.enqueue({ type: "text", text: "Hello again." });
    expect(
      (
        await readUiStream(
          await user.api("POST", `/api/threads/${next.id}/runs`, { json: { message: { text: "hi" } } }),
        )
      ).text,
    ).toBe("Hello again.");
  });
});
