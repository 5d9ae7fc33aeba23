import { describe, expect, it } from "vitest";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { signUp, type Api } from "../support/route-client";
import { newProject, uploadDocument } from "../support/shelf-fixtures";
import { tinyPdf } from "../support/tiny-pdf";
import { withStubModel, type ChatRequest } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// Answers you can verify: every passage a tool hands the model carries `cite`, numbered per
// answer (the same range keeps its number); the stored answer lists, for each [n] its text
// uses, what it points at (document or chat file, range, page, quote); an invented number is
// left out; a trashed document's citation says it is unavailable; regenerate, export and
// import keep them; document text is marked as quoted material.

type Json = Record<string, any>;

const { stub, streamingRequests } = withStubModel();

const messagesOf = async (api: Api, threadId: string): Promise<Json[]> =>
  (await (await api("GET", `/api/threads/${threadId}/messages`)).json()).messages;

/** The tool results of a model request, by tool call id. */
function toolResults(request: ChatRequest): Json[] {
  return request.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
}

async function projectChat(api: Api) {
  const projectId = await newProject(api);
  const { thread } = await (await api("POST", "/api/threads", { json: { projectId } })).json();
  return { projectId, threadId: thread.id as string };
}

const wing = "# Wing tests\n\nThe swept wing stalls first at the tip, as the tunnel tests showed at Mach 0.8.\n";

describe("citations", () => {
  it("number each passage a tool gives, keep a range's number, and store the cited ones", async () => {
    const { api } = await signUp();
    const { projectId, threadId } = await projectChat(api);
    const document = await uploadDocument(api, projectId, "wing.md", wing);
    await uploadDocument(api, projectId, "budget.md", "# Budget\n\nThe budget for the tunnel was approved in March.\n");
    const files = new FormData();
    files.append("files", new File(["Meeting notes: the tip stall was expected."], "notes.txt"));
    expect((await api("POST", `/api/threads/${threadId}/uploads`, { body: files })).status).toBe(201);
    await searchIndexingSettled();

    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "search_project_documents", arguments: { query: "where does the wing stall" } }],
      },
      {
        type: "tool-calls",
        calls: [
          { name: "read_project_document", arguments: { documentId: document.id, offset: 0, limit: 40 } },
          { name: "read_project_document", arguments: { documentId: document.id, offset: 0, limit: 40 } },
          { name: "read_thread_file", arguments: { kind: "upload", name: "notes.txt" } },
        ],
      },
      { type: "text", text: "The wing stalls at the tip [1]. It was expected [4]. The tests began early [2][9]." },
    );
    const { text } = await readUiStream(
      await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "Where does it stall?" } } }),
    );
    expect(text).toContain("[9]");

    const requests = streamingRequests();
    const [search] = toolResults(requests[1]!);
    expect(search!.quoted).toContain("quoted material");
    const hits = search!.results as Json[];
    expect(hits.map((hit) => hit.cite)).toEqual(hits.map((_, i) => i + 1));
    const reads = toolResults(requests[2]!).slice(1);
    // The same range read twice keeps its number; the chat file (read at the same time) gets its own.
    expect(reads[0]!.cite).toBe(reads[1]!.cite);
    expect(new Set(reads.map((read) => read.cite))).toEqual(new Set([hits.length + 1, hits.length + 2]));
    expect(reads.every((read) => typeof read.quoted === "string")).toBe(true);

    const answer = (await messagesOf(api, threadId))[1]!;
    const cited = answer.citations as Json[];
    expect(cited.map((c) => c.n)).toEqual([1, 2, 4].filter((n) => n <= hits.length + 2));
    const fileCite = reads[2]!.cite as number;
    const first = cited[0]!;
    expect(first).toMatchObject({
      kind: "document",
      documentId: hits[0]!.documentId,
      start: hits[0]!.offset,
      end: hits[0]!.end,
      page: null,
      available: true,
    });
    expect(first.quote.length).toBeLessThanOrEqual(300);
    // [9] was never handed out: the text keeps it, the citations do not.
    expect(cited.map((c) => c.n)).not.toContain(9);
    const file = cited.find((c) => c.n === fileCite);
    if (file)
      expect(file).toMatchObject({
        kind: "upload",
        documentId: null,
        name: "notes.txt",
        start: 0,
        quote: expect.stringContaining("Meeting notes"),
      });
  });

  it("give a PDF page, and say when the document is gone", async () => {
    const { api } = await signUp();
    const { projectId, threadId } = await projectChat(api);
    const pdf = await uploadDocument(
      api,
      projectId,
      "manual.pdf",
      tinyPdf(["Setup and unpacking", "The quarterly zephyr audit"]),
    );
    await searchIndexingSettled();
    const markdown = await (
      await api("GET", `/api/projects/${projectId}/documents/${pdf.id}/content?as=markdown`)
    ).text();
    const offset = [...markdown].join("").indexOf("The quarterly");
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "read_project_document", arguments: { documentId: pdf.id, offset, limit: 20 } }],
      },
      { type: "text", text: "The audit is on page two [1]." },
    );
    await readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "Audit?" } } }));
    const [citation] = (await messagesOf(api, threadId))[1]!.citations as Json[];
    expect(citation).toMatchObject({
      n: 1,
      documentId: pdf.id,
      start: offset,
      end: offset + 20,
      page: 2,
      quote: "The quarterly zephyr",
      available: true,
    });

    expect((await api("DELETE", `/api/projects/${projectId}/documents/${pdf.id}`)).status).toBe(204);
    expect(((await messagesOf(api, threadId))[1]!.citations as Json[])[0]!.available).toBe(false);
  });

  it("count per answer: an earlier answer's numbers are not shown to the model again", async () => {
    const { api } = await signUp();
    const { projectId, threadId } = await projectChat(api);
    const document = await uploadDocument(api, projectId, "wing.md", wing);
    const read = {
      type: "tool-calls" as const,
      calls: [{ name: "read_project_document", arguments: { documentId: document.id } }],
    };
    stub.enqueue(read, { type: "text", text: "First [1]." });
    await readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "One" } } }));
    stub.enqueue({ type: "text", text: "Second, from memory." });
    await readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "Two" } } }));
    const last = streamingRequests().at(-1)!;
    const earlier = toolResults(last);
    expect(earlier).toHaveLength(1);
    expect(earlier[0]).not.toHaveProperty("cite");
    expect(earlier[0]!.content).toContain("swept wing");
    // The system prompt asks for [n] and says document text is data.
    const system = last.messages[0]!.content as string;
    expect(system).toContain("[n]");
    expect(system).toContain("never instructions");
  });

  it("survive a regenerate (the new answer's own) and an export and import", async () => {
    const { api } = await signUp();
    const { projectId, threadId } = await projectChat(api);
    const document = await uploadDocument(api, projectId, "wing.md", wing);
    const read = {
      type: "tool-calls" as const,
      calls: [{ name: "read_project_document", arguments: { documentId: document.id } }],
    };
    stub.enqueue(read, { type: "text", text: "Tip stall [1]." });
    await readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { message: { text: "Q" } } }));
    stub.enqueue(read, { type: "text", text: "Again: tip stall [1], and nothing else [2]." });
    await readUiStream(await api("POST", `/api/threads/${threadId}/runs`, { json: { regenerate: true } }));
    const messages = await messagesOf(api, threadId);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.citations.map((c: Json) => c.n)).toEqual([1]);

    const exported = await api("GET", "/api/export");
    expect(exported.status).toBe(200);
    const zip = new Uint8Array(await exported.arrayBuffer());
    const other = await signUp();
    const body = new FormData();
    body.append("file", new File([zip], "export.zip"));
    expect((await other.api("POST", "/api/import", { body })).status).toBe(201);
    const { threads } = await (await other.api("GET", "/api/threads")).json();
    const imported = await messagesOf(other.api, threads[0].id);
    const [citation] = imported[1]!.citations as Json[];
    expect(citation).toMatchObject({
      n: 1,
      kind: "document",
      name: "wing.md",
      start: 0,
      quote: expect.stringContaining("swept wing"),
      available: true,
    });
    // It points at the imported copy of the document, not the original.
    expect(citation.documentId).not.toBe(document.id);
  });
});
