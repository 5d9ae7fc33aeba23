import { describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import type { DocumentDto } from "@/lib/documents/document-dto";
import { signUp, type Api } from "../support/route-client";
import { contentText, withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// GET /api/threads/{id}/context against what the next run actually sends the model.

const { stub, streamingRequests } = withStubModel();
async function upload(api: Api, projectId: string, name: string, content: string): Promise<DocumentDto> {
  const body = new FormData();
  body.append("file", new File([content], name));
  return (await (await api("POST", `/api/projects/${projectId}/documents`, { body })).json()).document;
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe("GET /api/threads/{id}/context", () => {
  it("describes exactly the project message the next run sends", async () => {
    process.env.PROJECT_INDEX_MAX_ENTRIES = "2";
    resetConfigForTests();
    try {
      const { api } = await signUp();
      const instructions = "Answer in French — toujours.";
      const { project } = await (
        await api("POST", "/api/projects", { json: { name: "Roadmap", instructions } })
      ).json();
      const docs: DocumentDto[] = [];
      for (const name of ["a.md", "b.md", "c.md", "d.md"])
        docs.push(await upload(api, project.id, name, `text of ${name}`));
      const { thread } = await (await api("POST", "/api/threads", { json: { projectId: project.id } })).json();

      const res = await api("GET", `/api/threads/${thread.id}/context`);
      expect(res.status).toBe(200);
      const context = await res.json();
      expect(context).toMatchObject({
        project: { id: project.id, name: "Roadmap", archived: false },
        instructions: { bytes: bytes(instructions), maxBytes: 8192 },
        index: { entries: 2, totalDocuments: 4, maxBytes: 4096, truncated: true },
        // Newest first in the index, so the two oldest are left out, in index order.
        omitted: { count: 2, documents: [docs[1], docs[0]].map((d) => ({ id: d!.id, name: d!.name })) },
      });

      // The project's own summary (the Instructions tab) is the same reading.
      expect(context).toMatchObject(await (await api("GET", `/api/projects/${project.id}/context`)).json());

      stub.enqueue({ type: "text", text: "ok" });
      await readUiStream(await api("POST", `/api/threads/${thread.id}/runs`, { json: { message: { text: "hi" } } }));
      const sent = contentText(streamingRequests()[0]!.messages.find((m) => contentText(m).startsWith("<project "))!);
      const documentsBlock = sent.slice(sent.indexOf("<documents "));
      expect(sent).toContain(instructions);
      expect(bytes(documentsBlock)).toBe(context.index.bytes);
      expect(documentsBlock.split("\n")[0]).toBe(
        `<documents count="${context.index.totalDocuments}" shown="${context.index.entries}">`,
      );
      for (const { id } of context.omitted.documents) expect(documentsBlock).not.toContain(id);
      for (const doc of [docs[3], docs[2]]) expect(documentsBlock).toContain(doc!.id);
    } finally {
      delete process.env.PROJECT_INDEX_MAX_ENTRIES;
      resetConfigForTests();
    }
  });

  it("answers {project: null} outside a project, says archived, and 404s a foreign thread", async () => {
    const owner = await signUp();
    const { thread: loose } = await (await owner.api("POST", "/api/threads", { json: {} })).json();
    const outside = await (await owner.api("GET", `/api/threads/${loose.id}/context`)).json();
    expect(outside).toEqual({
      project: null,
      history: {
        tokens: expect.any(Number),
        budgetTokens: 28672,
        prunedToolResults: 0,
        summarizedThroughMessageId: null,
      },
    });
    // An empty chat still carries the system prompt and the tool schemas.
    expect(outside.history.tokens).toBeGreaterThan(500);

    const { project } = await (await owner.api("POST", "/api/projects", { json: { name: "Old" } })).json();
    const { thread } = await (await owner.api("POST", "/api/threads", { json: { projectId: project.id } })).json();
    await owner.api("POST", `/api/projects/${project.id}/archive`);
    const archived = await (await owner.api("GET", `/api/threads/${thread.id}/context`)).json();
    expect(archived).toMatchObject({
      project: { id: project.id, archived: true },
      index: { entries: 0, totalDocuments: 0, bytes: 0 },
      omitted: { count: 0, documents: [] },
    });

    const stranger = await signUp("Stranger");
    const foreign = await stranger.api("GET", `/api/threads/${thread.id}/context`);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("not_found");
    expect((await stranger.api("GET", `/api/projects/${project.id}/context`)).status).toBe(404);
  });
});
