import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { ListedDocument } from "@/lib/documents/document-dto";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { signUp, type Api } from "../support/route-client";
import { newProject, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { tinyPdf } from "../support/tiny-pdf";
import { withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// Shelf search through the real routes: names and text (converted PDFs included), any case,
// Chinese by substring, never a trashed document or another project's or user's, with the
// offset the read tool takes; purge removes the indexed text.

interface Page {
  documents: ListedDocument[];
  total: number;
  nextCursor: string | null;
}

async function search(api: Api, projectId: string, q: string, extra: Record<string, string> = {}): Promise<Page> {
  const res = await api("GET", `/api/projects/${projectId}/documents?${new URLSearchParams({ q, ...extra })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

const { stub, streamingRequests } = withStubModel();
const names = (page: Page) => page.documents.map((document) => document.name).sort();

async function markdownOf(api: Api, projectId: string, documentId: string): Promise<string> {
  return (await api("GET", `/api/projects/${projectId}/documents/${documentId}/content?as=markdown`)).text();
}

describe("shelf search", () => {
  it("finds words in names and in converted text, in any case, with the offset of the first match", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const pdf = await uploadDocument(
      user.api,
      projectId,
      "manual.pdf",
      tinyPdf(["Chapter one: setup", "Chapter two: the Quarterly ZEPHYR audit (see appendix)"]),
    );
    const notes = await uploadDocument(user.api, projectId, "zephyr-notes.txt", "nothing to see here");
    await uploadDocument(user.api, projectId, "other.txt", "unrelated words");
    await searchIndexingSettled();

    const page = await search(user.api, projectId, "zePhyr");
    expect(page.total).toBe(2);
    expect(names(page)).toEqual(["manual.pdf", "zephyr-notes.txt"]);
    const inPdf = page.documents.find((document) => document.id === pdf.id)!;
    expect(inPdf.match!.snippet).toContain("ZEPHYR audit");
    const text = await markdownOf(user.api, projectId, pdf.id);
    expect([...text].slice(inPdf.match!.offset!, inPdf.match!.offset! + 6).join("")).toBe("ZEPHYR");
    // Only the name matched: no offset into the text.
    expect(page.documents.find((document) => document.id === notes.id)!.match).toEqual({
      snippet: "zephyr-notes.txt",
      offset: null,
    });
    // LIKE wildcards are literal.
    expect((await search(user.api, projectId, "%")).total).toBe(0);
    expect((await search(user.api, projectId, "zeph_r")).total).toBe(0);
  });

  it("finds Chinese by substring, at its character offset", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const text = "😀 前言。关于二〇二六年度预算报告的说明，请见附件。";
    const document = await uploadDocument(user.api, projectId, "说明.txt", text);
    await searchIndexingSettled();
    for (const q of ["预算", "年度预算报告", "说明"]) {
      const page = await search(user.api, projectId, q);
      expect(
        page.documents.map((d) => d.id),
        q,
      ).toEqual([document.id]);
    }
    const match = (await search(user.api, projectId, "预算")).documents[0]!.match!;
    expect(match.offset).toBe([...text].indexOf("预"));
    expect(match.snippet).toContain("预算报告");
    expect((await search(user.api, projectId, "决算")).total).toBe(0);
  });

  it("never shows trashed documents, other projects' or other users'; purge removes the indexed text", async () => {
    const owner = await signUp();
    const projectId = await newProject(owner.api);
    const otherProject = await newProject(owner.api);
    const stranger = await signUp();
    const strangerProject = await newProject(stranger.api);
    const kept = await uploadDocument(owner.api, projectId, "kept.txt", "the marmalade recipe");
    const trashed = await uploadDocument(owner.api, projectId, "gone.txt", "old marmalade notes");
    await uploadDocument(owner.api, otherProject, "elsewhere.txt", "marmalade elsewhere");
    await uploadDocument(stranger.api, strangerProject, "theirs.txt", "their marmalade");
    await searchIndexingSettled();
    await trashDocument(owner.api, projectId, trashed.id);

    const page = await search(owner.api, projectId, "marmalade");
    expect(page.documents.map((d) => d.id)).toEqual([kept.id]);
    expect(page.total).toBe(1);
    expect((await stranger.api("GET", `/api/projects/${projectId}/documents?q=marmalade`)).status).toBe(404);

    const db = await getDb();
    // Each chunk carries its document's project, which a search narrows to before matching text.
    const chunkProjects = await db.documentTextChunk.findMany({
      select: { projectId: true, document: { select: { projectId: true } } },
    });
    expect(chunkProjects.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunkProjects) expect(chunk.projectId).toBe(chunk.document.projectId);
    expect(await db.documentTextChunk.count({ where: { documentId: trashed.id } })).toBe(1);
    expect((await owner.api("POST", `/api/trash/documents/${trashed.id}/purge`)).status).toBe(204);
    expect(await db.documentTextChunk.count({ where: { documentId: trashed.id } })).toBe(0);
    expect(await db.documentText.count({ where: { documentId: trashed.id } })).toBe(0);
  });

  it("pages matches by cursor in the requested sort", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    for (let i = 0; i < 7; i++) await uploadDocument(user.api, projectId, `match-${i}.txt`, `apricot ${i}`);
    await uploadDocument(user.api, projectId, "miss.txt", "plum");
    await searchIndexingSettled();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await search(user.api, projectId, "apricot", {
        sort: "name",
        limit: "3",
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(7);
      seen.push(...page.documents.map((d) => d.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `match-${i}.txt`));
  });
});

describe("search_project_documents", () => {
  it("is registered with the other project tools, searches the pinned shelf only, and gives offsets the read tool takes", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const otherProject = await newProject(user.api);
    const document = await uploadDocument(user.api, projectId, "log.txt", "line one\nthe walrus arrives at noon\n");
    await uploadDocument(user.api, otherProject, "other-walrus.txt", "walrus elsewhere");
    const trashed = await uploadDocument(user.api, projectId, "old-walrus.txt", "old walrus");
    await searchIndexingSettled();
    await trashDocument(user.api, projectId, trashed.id);

    const { thread } = await (await user.api("POST", "/api/threads", { json: { projectId, title: "t" } })).json();
    stub.enqueue(
      { type: "tool-calls", calls: [{ name: "search_project_documents", arguments: { query: "WALRUS", limit: 500 } }] },
      { type: "tool-calls", calls: [{ name: "search_project_documents", arguments: { query: "" } }] },
      { type: "text", text: "Found it." },
    );
    const res = await user.api("POST", `/api/threads/${thread.id}/runs`, {
      json: { message: { text: "Where is the walrus?" } },
    });
    expect((await readUiStream(res)).text).toBe("Found it.");
    const requests = streamingRequests();
    expect(requests[0]!.tools!.map((t) => t.function.name)).toContain("search_project_documents");
    const result = (index: number) => JSON.parse(requests[index]!.messages.at(-1)!.content as string);
    expect(result(1)).toEqual({
      results: [
        {
          documentId: document.id,
          name: "log.txt",
          folder: null,
          snippet: expect.stringContaining("walrus arrives"),
          offset: "line one\nthe ".length,
        },
      ],
    });
    expect(result(2)).toEqual({ error: expect.stringContaining("1 to 200 characters") });

    // A chat outside any project has no project tools at all.
    const { thread: loose } = await (await user.api("POST", "/api/threads", { json: { title: "loose" } })).json();
    stub.enqueue({ type: "text", text: "Hi." });
    await readUiStream(
      await user.api("POST", `/api/threads/${loose.id}/runs`, { json: { message: { text: "Hello" } } }),
    );
    expect(
      streamingRequests()
        .at(-1)!
        .tools?.map((t) => t.function.name) ?? [],
    ).not.toContain("search_project_documents");
  });
});
