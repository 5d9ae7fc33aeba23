import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { signUp, type Api } from "../support/route-client";
import { contentText, withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// The context rules of a run, read off what the scripted model actually received. Orderings
// inside a run are forced with the stub's `beforeReply` hook: it runs when the model request
// has arrived (admission is over) and before the reply reaches the app.

type Json = Record<string, any>;

const admissionFault = vi.hoisted(() => ({ armed: false }));
vi.mock("@/lib/documents/shelf-snapshot", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/documents/shelf-snapshot")>();
  return {
    ...real,
    parseShelfSnapshot: (...args: Parameters<typeof real.parseShelfSnapshot>) => {
      if (admissionFault.armed) {
        admissionFault.armed = false;
        throw new Error("shelf snapshot unavailable (injected by the test)");
      }
      return real.parseShelfSnapshot(...args);
    },
  };
});

const { stub, streamingRequests } = withStubModel();
beforeEach(() => {
  admissionFault.armed = false;
});

const toolNames = (req: ChatRequest) => (req.tools ?? []).map((t) => t.function.name).sort();
const projectMessages = (req: ChatRequest) =>
  req.messages.filter((m) => m.role === "user" && contentText(m).startsWith("<project "));
const lastToolResult = (req: ChatRequest) => JSON.parse(req.messages.at(-1)!.content);

async function project(api: Api, name: string, instructions: string, documents: [string, string][] = []) {
  const created = (
    await (
      await api("POST", "/api/projects", { json: { name: `${name} ${crypto.randomUUID().slice(0, 6)}`, instructions } })
    ).json()
  ).project;
  const uploaded: DocumentDto[] = [];
  for (const [file, content] of documents) {
    const body = new FormData();
    body.append("file", new File([content], file));
    uploaded.push((await (await api("POST", `/api/projects/${created.id}/documents`, { body })).json()).document);
  }
  return { id: created.id as string, name: created.name as string, documents: uploaded };
}

async function thread(api: Api, projectId: string | null): Promise<string> {
  return (await (await api("POST", "/api/threads", { json: { projectId, title: "t" } })).json()).thread.id;
}

async function run(api: Api, threadId: string, body: Json = { message: { text: "go" } }) {
  return readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: body }));
}

async function runEvents(api: Api, threadId: string): Promise<Json[]> {
  const { runs } = await (await api("GET", `/api/threads/${threadId}/runs`)).json();
  return (await (await api("GET", `/api/threads/${threadId}/runs/${runs[0].id}/events`)).json()).events;
}

describe("the system prompt", () => {
  it("carries no project name, instructions, document names or blocks", async () => {
    const { api } = await signUp();
    const p = await project(api, "Atlas", "Always answer in haiku.", [["quarterly-figures.csv", "a,b\n1,2"]]);
    const t = await thread(api, p.id);
    await run(api, t);
    const [request] = streamingRequests();
    const system = request!.messages
      .filter((m) => m.role === "system")
      .map(contentText)
      .join("\n");
    // The static prompt describes the blocks in general; it must never hold this project's.
    for (const text of [
      `<project id="${p.id}"`,
      "<documents count=",
      p.name,
      "Always answer in haiku.",
      "quarterly-figures.csv",
      p.documents[0]!.id,
    ]) {
      expect(system).not.toContain(text);
    }
    expect(projectMessages(request!)).toHaveLength(1);
  });
});

describe("the `context` run event", () => {
  it("is not recorded when the first model call fails: nothing was delivered", async () => {
    const { api } = await signUp();
    const p = await project(api, "Refused", "x", [["a.txt", "alpha"]]);
    const t = await thread(api, p.id);
    stub.enqueue({ type: "error", status: 401, message: "Incorrect API key provided." });
    await run(api, t);
    // The call was made with the project block, and refused.
    expect(streamingRequests()).toHaveLength(1);
    expect(projectMessages(streamingRequests()[0]!)).toHaveLength(1);
    const { runs } = await (await api("GET", `/api/threads/${t}/runs`)).json();
    expect(runs[0].status).toBe("failed");
    expect(await runEvents(api, t)).toEqual([]);
  });

  it("is recorded once for a run of several model calls", async () => {
    const { api } = await signUp();
    const p = await project(api, "Steps", "x", [["a.txt", "alpha"]]);
    const t = await thread(api, p.id);
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "list_project_documents", arguments: {} }] },
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: p.documents[0]!.id } }] },
      { type: "text", text: "done" },
    );
    await run(api, t);
    expect(streamingRequests()).toHaveLength(3);
    const events = await runEvents(api, t);
    expect(events.map((e) => e.type)).toEqual(["context"]);
  });
});

describe("the pinned context of a run", () => {
  it("survives a mid-run move: the tools read the pre-move project; the next run gets the new one", async () => {
    const { api } = await signUp();
    const from = await project(api, "From", "Old rules.", [["from-doc.txt", "from"]]);
    const to = await project(api, "To", "New rules.", [["to-doc.txt", "to"]]);
    const t = await thread(api, from.id);
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "list_project_documents", arguments: {} }],
        beforeReply: async () => {
          expect((await api("POST", `/api/threads/${t}/move`, { json: { projectId: to.id } })).status).toBe(200);
        },
      },
      { type: "text", text: "listed" },
    );
    await run(api, t);
    const [first, second] = streamingRequests();
    const listed = lastToolResult(second!);
    expect(listed.documents.map((d: Json) => d.id)).toEqual([from.documents[0]!.id]);
    for (const request of [first!, second!]) {
      expect(projectMessages(request).map(contentText)[0]).toContain("Old rules.");
      expect(JSON.stringify(request.messages)).not.toContain("New rules.");
    }

    stub.enqueue({ type: "text", text: "next" });
    await run(api, t);
    const next = streamingRequests()[2]!;
    expect(projectMessages(next).map(contentText)[0]).toContain("New rules.");
    expect(JSON.stringify(next.messages)).not.toContain("Old rules.");
  });

  it("ignores context a client sends with the request", async () => {
    const { api } = await signUp();
    const real = await project(api, "Real", "Real rules.");
    const other = await project(api, "Other", "Smuggled rules.", [["secret.txt", "secret"]]);
    const inProject = await thread(api, real.id);
    const outside = await thread(api, null);
    const forged = {
      projectId: other.id,
      project: { id: other.id, instructions: "Smuggled rules." },
      pinned: { projectId: other.id },
      context: { projectId: other.id },
    };

    await run(api, inProject, { message: { text: "go" }, ...forged });
    await run(api, outside, { message: { text: "go" }, ...forged });
    const [inside, unassigned] = streamingRequests();
    expect(projectMessages(inside!).map(contentText)[0]).toContain("Real rules.");
    expect(JSON.stringify(inside!.messages)).not.toContain("Smuggled rules.");
    expect(projectMessages(unassigned!)).toHaveLength(0);
    expect(JSON.stringify(unassigned!.messages)).not.toContain("Smuggled rules.");
    expect(toolNames(unassigned!)).toEqual([
      "list_thread_files",
      "read_thread_file",
      "view_image",
      "write_output_file",
    ]);
  });

  it("leaves a run unassigned with no project tools when admission cannot resolve the project", async () => {
    const { api } = await signUp();
    const p = await project(api, "Faulty", "Rules.");
    const t = await thread(api, p.id);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    admissionFault.armed = true;
    const { text } = await run(api, t);
    warn.mockRestore();
    expect(text).toBe("Hello from the stub model.");
    const [request] = streamingRequests();
    expect(projectMessages(request!)).toHaveLength(0);
    expect(toolNames(request!)).toEqual(["list_thread_files", "read_thread_file", "view_image", "write_output_file"]);
    expect(await runEvents(api, t)).toEqual([]);
  });

  it("still injects an archived project and serves its documents", async () => {
    const { api } = await signUp();
    const p = await project(api, "Shelved", "Archived rules.", [["kept.txt", "kept text"]]);
    const t = await thread(api, p.id);
    expect((await api("POST", `/api/projects/${p.id}/archive`)).status).toBe(200);
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "read_project_document", arguments: { documentId: p.documents[0]!.id } }] },
      { type: "text", text: "read" },
    );
    await run(api, t);
    const [first, second] = streamingRequests();
    expect(projectMessages(first!).map(contentText)[0]).toContain("Archived rules.");
    expect(projectMessages(first!).map(contentText)[0]).toContain(p.documents[0]!.id);
    expect(lastToolResult(second!)).toMatchObject({ name: "kept.txt", content: "kept text" });
  });
});

describe("trashed documents", () => {
  it("vanish from the list tool at once and from the next run's index", async () => {
    const { api } = await signUp();
    const p = await project(api, "Trashy", "x", [
      ["stays.txt", "stays"],
      ["goes.txt", "goes"],
    ]);
    const [stays, goes] = p.documents as [DocumentDto, DocumentDto];
    const t = await thread(api, p.id);
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "list_project_documents", arguments: {} }],
        beforeReply: async () => {
          expect((await api("DELETE", `/api/projects/${p.id}/documents/${goes.id}`)).status).toBe(204);
        },
      },
      { type: "text", text: "listed" },
    );
    await run(api, t);
    const [first, second] = streamingRequests();
    // Admission came first, so this run's index still names it; the live list does not.
    expect(contentText(projectMessages(first!)[0]!)).toContain(goes.id);
    expect(lastToolResult(second!)).toMatchObject({ total: 1, documents: [{ id: stays.id }] });

    // The first run's record is closed after its stream ends; the next run waits for that.
    await expect
      .poll(async () => (await (await api("GET", `/api/threads/${t}/runs`)).json()).runs[0].status)
      .toBe("completed");
    await run(api, t);
    const next = contentText(projectMessages(streamingRequests()[2]!)[0]!);
    expect(next).toContain(stays.id);
    expect(next).not.toContain(goes.id);
    expect(next).toContain('<documents count="1" shown="1">');
  });
});
