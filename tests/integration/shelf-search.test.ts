import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { ListedDocument } from "@/lib/documents/document-dto";
import { indexDocumentText } from "@/lib/documents/index-document-text";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { signUp, type Api } from "../support/route-client";
import { newProject, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { tinyPdf } from "../support/tiny-pdf";
import { withStubModel } from "../support/stub-model-env";
import { readUiStream } from "../support/ui-stream";

// Shelf search through the real routes: a question as a person or a model asks it, ranked by
// relevance (rare words over common ones, not by date), answered with each document's best
// passage (its range, heading and page), with stemming, Chinese, quoted phrases, and never a
// trashed document or another project's or user's. The agent's tool is the same search.

interface Page {
  documents: ListedDocument[];
  total: number;
  nextCursor: string | null;
  nextOffset: number | null;
}

async function search(api: Api, projectId: string, q: string, extra: Record<string, string> = {}): Promise<Page> {
  const res = await api("GET", `/api/projects/${projectId}/documents?${new URLSearchParams({ q, ...extra })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

const { stub, streamingRequests } = withStubModel();
const ids = (page: Page) => page.documents.map((document) => document.id);

async function markdownOf(api: Api, projectId: string, documentId: string): Promise<string> {
  return (await api("GET", `/api/projects/${projectId}/documents/${documentId}/content?as=markdown`)).text();
}

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Paragraph ${i} says ordinary things about ${topic} and nothing more.`).join(
    "\n\n",
  );

describe("shelf search", () => {
  it("finds a document from a question whose words it holds, in any order, most relevant first", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const answer = await uploadDocument(
      user.api,
      projectId,
      "wing-tests.txt",
      "Wind tunnel tests of a swept wing showed the boundary layer separating near the tip at high angles of attack.",
    );
    await uploadDocument(user.api, projectId, "budget.txt", "The budget for the tests was approved in March.");
    // Newer than the answer and sharing only a common word: recency must not win.
    await uploadDocument(user.api, projectId, "notes.txt", "Notes on tests of many kinds, taken on a Tuesday.");
    await searchIndexingSettled();

    const page = await search(user.api, projectId, "where does the boundary layer separate on a swept wing in tests?");
    expect(page.documents[0]!.id).toBe(answer.id);
    expect(page.documents[0]!.match!.score).toBeGreaterThan(page.documents[1]!.match!.score);
    // Every document holding any of the words matches; the answer's words are marked in its snippet.
    expect(page.total).toBe(3);
    const match = page.documents[0]!.match!;
    const marked = match.highlights.map(([start, end]) => match.snippet.slice(start, end).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["boundary", "layer", "separating", "swept", "wing"]));
    // Words in another order find the same document first.
    expect((await search(user.api, projectId, "wing swept separation layer boundary")).documents[0]!.id).toBe(
      answer.id,
    );
    // Nothing shared: nothing found.
    expect((await search(user.api, projectId, "marmalade")).total).toBe(0);
  });

  it("answers with the best passage of a long document: its range, its heading, the text at its offset", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const text = [
      "# Field guide",
      filler("birds", 6),
      "## Installation",
      filler("setup", 6),
      "## Calibrating the anemometer",
      "Turn the anemometer's dial until the needle rests at zero, then record the calibration in the logbook.",
      filler("weather", 6),
    ].join("\n\n");
    const document = await uploadDocument(user.api, projectId, "guide.md", text);
    await searchIndexingSettled();

    const match = (await search(user.api, projectId, "how do I calibrate the anemometer?")).documents[0]!.match!;
    expect(match.heading).toBe("Calibrating the anemometer");
    expect(match.page).toBeNull();
    const markdown = [...(await markdownOf(user.api, projectId, document.id))];
    const passage = markdown.slice(match.offset!, match.end!).join("");
    expect(passage).toContain("Turn the anemometer's dial");
    expect(match.end! - match.offset!).toBeLessThanOrEqual(1500);
    expect(match.snippet).toContain("anemometer");
  });

  it("stems words, honours quoted phrases, and finds Chinese by its characters", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const modelling = await uploadDocument(user.api, projectId, "a.txt", "Modelling heated structures needs care.");
    const layer = await uploadDocument(user.api, projectId, "b.txt", "The boundary layer thickens downstream.");
    const apart = await uploadDocument(user.api, projectId, "c.txt", "A layer of paint marks the boundary.");
    const chinese = await uploadDocument(
      user.api,
      projectId,
      "说明.txt",
      "😀 前言。关于二〇二六年度预算报告的说明，请见附件。",
    );
    await searchIndexingSettled();

    expect(ids(await search(user.api, projectId, "models"))).toEqual([modelling.id]);
    expect(ids(await search(user.api, projectId, "heat"))).toEqual([modelling.id]);
    expect(ids(await search(user.api, projectId, "boundary layer")).sort()).toEqual([layer.id, apart.id].sort());
    expect(ids(await search(user.api, projectId, '"boundary layer"'))).toEqual([layer.id]);
    for (const q of ["预算", "年度预算报告", "预算的说明"])
      expect(ids(await search(user.api, projectId, q)), q).toContain(chinese.id);
    expect((await search(user.api, projectId, "决算")).total).toBe(0);
  });

  it("gives a PDF's passage its page", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    await uploadDocument(
      user.api,
      projectId,
      "manual.pdf",
      tinyPdf([
        "Chapter one: setup and unpacking",
        "Chapter two: inspection",
        "Chapter three: the quarterly zephyr audit",
      ]),
    );
    await searchIndexingSettled();
    const match = (await search(user.api, projectId, "zephyr audit")).documents[0]!.match!;
    expect(match.page).toBe(3);
    expect(match.snippet).toContain("zephyr audit");
  });

  it("matches names too, and a name-only match has no passage", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const notes = await uploadDocument(user.api, projectId, "zephyr-notes.txt", "nothing to see here");
    await searchIndexingSettled();
    const page = await search(user.api, projectId, "zephyr-no");
    expect(ids(page)).toEqual([notes.id]);
    expect(page.documents[0]!.match).toMatchObject({ snippet: "zephyr-notes.txt", offset: null, end: null });
    // LIKE wildcards are literal.
    expect((await search(user.api, projectId, "%")).total).toBe(0);
  });

  it("never shows trashed documents, other projects' or other users'; purge removes passages and their statistics", async () => {
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
    expect(ids(page)).toEqual([kept.id]);
    expect(page.total).toBe(1);
    expect((await stranger.api("GET", `/api/projects/${projectId}/documents?q=marmalade`)).status).toBe(404);

    const db = await getDb();
    const passages = await db.documentPassage.findMany({
      select: { projectId: true, document: { select: { projectId: true } } },
    });
    for (const passage of passages) expect(passage.projectId).toBe(passage.document.projectId);
    const df = async () =>
      (await db.searchTerm.findUnique({ where: { projectId_lexeme: { projectId, lexeme: "marmalad" } } }))?.df ?? 0;
    expect(await df()).toBe(2);
    expect((await owner.api("POST", `/api/trash/documents/${trashed.id}/purge`)).status).toBe(204);
    expect(await db.documentPassage.count({ where: { documentId: trashed.id } })).toBe(0);
    expect(await db.documentText.count({ where: { documentId: trashed.id } })).toBe(0);
    expect(await df()).toBe(1);
  });

  it("indexes a document twice to the same rows and statistics", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const document = await uploadDocument(user.api, projectId, "long.md", `# Title\n\n${filler("rivers", 40)}`);
    await searchIndexingSettled();
    const db = await getDb();
    const snapshot = async () => ({
      passages: await db.documentPassage.findMany({
        where: { documentId: document.id },
        orderBy: { seq: "asc" },
        select: { seq: true, start: true, end: true, heading: true, contentHash: true },
      }),
      terms: await db.searchTerm.findMany({ where: { projectId }, orderBy: { lexeme: "asc" } }),
      corpus: await db.searchCorpus.findUnique({ where: { projectId }, select: { passages: true, termCount: true } }),
    });
    const first = await snapshot();
    expect(first.passages.length).toBeGreaterThan(1);
    await db.documentText.update({ where: { documentId: document.id }, data: { analyzerVersion: 0 } });
    await indexDocumentText(document.id);
    expect(await snapshot()).toEqual(first);
  });

  it("pages by cursor in relevance order and sorts the matches by name when asked", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    // The same word once in each, in ever shorter texts: relevance puts the shortest (match-6) first.
    for (let i = 0; i < 7; i++)
      await uploadDocument(user.api, projectId, `match-${i}.txt`, `apricot${" plum".repeat(6 - i)}`);
    await uploadDocument(user.api, projectId, "miss.txt", "pear");
    await searchIndexingSettled();
    const walk = async (extra: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await search(user.api, projectId, "apricot", {
          limit: "3",
          ...extra,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.total).toBe(7);
        seen.push(...page.documents.map((d) => d.name));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await walk({})).toEqual(Array.from({ length: 7 }, (_, i) => `match-${6 - i}.txt`));
    expect(await walk({ sort: "name" })).toEqual(Array.from({ length: 7 }, (_, i) => `match-${i}.txt`));
    // Relevance needs a query.
    expect((await user.api("GET", `/api/projects/${projectId}/documents?sort=relevance`)).status).toBe(422);
  });

  it("reports the index's progress, and 404 for another user's project", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    await uploadDocument(user.api, projectId, "a.txt", "alpha beta");
    await uploadDocument(user.api, projectId, "b.md", `# B\n\n${filler("gamma", 60)}`);
    await searchIndexingSettled();
    const res = await user.api("GET", `/api/projects/${projectId}/search-status`);
    expect(res.status).toBe(200);
    const status = await res.json();
    expect(status).toMatchObject({ documents: 2, documentsWaiting: 0, embedding: null });
    expect(status.passages).toBeGreaterThan(2);
    const stranger = await signUp();
    expect((await stranger.api("GET", `/api/projects/${projectId}/search-status`)).status).toBe(404);
  });
});

describe("search_project_documents", () => {
  it("returns passages of the pinned shelf, best first, at most three per document, with their ranges", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const otherProject = await newProject(user.api);
    const long = await uploadDocument(
      user.api,
      projectId,
      "walrus-book.md",
      Array.from({ length: 6 }, (_, i) => `## Part ${i}\n\n${filler(`the walrus in chapter ${i}`, 4)}`).join("\n\n"),
    );
    const log = await uploadDocument(user.api, projectId, "log.txt", "line one\nthe walrus arrives at noon\n");
    await uploadDocument(user.api, otherProject, "other-walrus.txt", "walrus elsewhere");
    const trashed = await uploadDocument(user.api, projectId, "old-walrus.txt", "old walrus");
    await searchIndexingSettled();
    await trashDocument(user.api, projectId, trashed.id);

    const { thread } = await (await user.api("POST", "/api/threads", { json: { projectId, title: "t" } })).json();
    stub.enqueue(
      {
        type: "tool-calls",
        calls: [{ name: "search_project_documents", arguments: { query: "when does the WALRUS arrive?", limit: 500 } }],
      },
      { type: "tool-calls", calls: [{ name: "search_project_documents", arguments: { query: "walrus", limit: 2 } }] },
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
    const { results } = result(1) as {
      results: { documentId: string; offset: number; end: number; heading: string | null }[];
    };
    expect(results[0]).toMatchObject({ documentId: log.id, name: "log.txt", folder: null, offset: 0, heading: null });
    expect(results.filter((hit) => hit.documentId === long.id).length).toBeLessThanOrEqual(3);
    expect(results.map((hit) => hit.documentId)).not.toContain(trashed.id);
    expect(new Set(results.map((hit) => hit.documentId))).toEqual(new Set([log.id, long.id]));
    const markdown = [...(await markdownOf(user.api, projectId, long.id))];
    for (const hit of results.filter((h) => h.documentId === long.id))
      expect(markdown.slice(hit.offset, hit.end).join("")).toContain(`## ${hit.heading}`);
    expect(result(2).results).toHaveLength(2);
    expect(result(3)).toEqual({ error: expect.stringContaining("1 to 200 characters") });

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
