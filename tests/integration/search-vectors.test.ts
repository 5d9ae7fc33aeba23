import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import type { ListedDocument } from "@/lib/documents/document-dto";
import { searchIndexingSettled } from "@/lib/documents/search-indexing-queue";
import { embeddingSettled, kickEmbedding } from "@/lib/search/embedding-queue";
import { signUp, type Api } from "../support/route-client";
import { newProject, trashDocument, uploadDocument } from "../support/shelf-fixtures";
import { withStubModel } from "../support/stub-model-env";

// Passage vectors from an OpenAI-compatible /embeddings (the stub's: words hashed into buckets,
// a few synonyms shared), made in the background and fused with the lexical ranking: a passage
// that shares no word with the query but means the same is found; a failing embedder shows in
// the status while search keeps answering by words; a new model makes every vector stale and
// embeds again; identical passages are embedded once. pgvector on PGlite, real[] on PostgreSQL.

const { stub } = withStubModel();

interface Page {
  documents: ListedDocument[];
  total: number;
}

async function search(api: Api, projectId: string, q: string): Promise<Page> {
  const res = await api("GET", `/api/projects/${projectId}/documents?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}

async function status(api: Api, projectId: string) {
  const res = await api("GET", `/api/projects/${projectId}/search-status`);
  expect(res.status).toBe(200);
  return res.json();
}

function useEmbedder(model: string): void {
  process.env.EMBEDDING_MODEL = model;
  process.env.EMBEDDING_BASE_URL = stub.url;
  resetConfigForTests();
}

const embeddingRequests = () => stub.requests.filter((request) => request.path === "/v1/embeddings");

async function indexed(): Promise<void> {
  await searchIndexingSettled();
  kickEmbedding();
  await embeddingSettled();
}

beforeAll(() => useEmbedder("stub-embed"));
afterEach(() => useEmbedder("stub-embed"));
afterAll(() => {
  delete process.env.EMBEDDING_MODEL;
  delete process.env.EMBEDDING_BASE_URL;
  resetConfigForTests();
});

describe("passage vectors", () => {
  it("are made in the background, reported in the status, and find what the words miss", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const car = await uploadDocument(
      user.api,
      projectId,
      "fleet.txt",
      "Each automobile in the fleet is serviced twice a year.",
    );
    await uploadDocument(user.api, projectId, "menu.txt", "The canteen serves soup on Fridays.");
    await indexed();

    const report = await status(user.api, projectId);
    expect(report.embedding).toMatchObject({
      model: "stub-embed",
      dimensions: 64,
      embedded: 2,
      waiting: 0,
      failing: 0,
      stale: 0,
      lastError: null,
    });
    // The walk that stored vectors left the planner knowing they exist (PGlite never analyses
    // on its own; plans made for an empty table took seconds a walk on thousands of vectors).
    const [planned] = await (
      await getDb()
    ).$queryRaw<{ analyzed: boolean; tuples: number }[]>`
      SELECT (last_analyze IS NOT NULL) AS analyzed, c.reltuples::float8 AS tuples
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = 'passage_embedding'`;
    expect(planned).toEqual({ analyzed: true, tuples: expect.any(Number) });
    expect(planned!.tuples).toBeGreaterThanOrEqual(2);
    // "car" is nowhere in the text; the stub's vectors hold it near "automobile".
    const page = await search(user.api, projectId, "car");
    expect(page.documents[0]!.id).toBe(car.id);
    expect(page.documents[0]!.match!.offset).toBe(0);
    // The query's vector was asked of the embedder once; the same query again is cached.
    const before = embeddingRequests().length;
    await search(user.api, projectId, "car");
    expect(embeddingRequests().length).toBe(before);
  });

  it("embed identical passages once, and never a trashed document's", async () => {
    const user = await signUp();
    const first = await newProject(user.api);
    const second = await newProject(user.api);
    // Indexed with no embedder configured, so nothing is embedded until the test says so.
    delete process.env.EMBEDDING_MODEL;
    resetConfigForTests();
    const text = "Identical passage about lighthouse maintenance schedules.";
    await uploadDocument(user.api, first, "a.txt", text);
    await uploadDocument(user.api, second, "b.txt", text);
    const trashed = await uploadDocument(
      user.api,
      first,
      "c.txt",
      "A passage that goes to the trash before it is embedded.",
    );
    await searchIndexingSettled();
    await trashDocument(user.api, first, trashed.id);
    useEmbedder("stub-embed");
    kickEmbedding();
    await embeddingSettled();
    const inputs = embeddingRequests().flatMap((request) => (request.body as { input: string[] }).input);
    expect(inputs.filter((input) => input === text)).toHaveLength(1);
    expect(inputs.some((input) => input.includes("goes to the trash"))).toBe(false);
    expect((await status(user.api, second)).embedding).toMatchObject({ embedded: 1, waiting: 0 });
  });

  it("purging a document forgets its vectors, unless another of the owner's documents holds the same text", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    const shared = "Harbour cranes are inspected every spring.";
    const only = "The night ferry leaves at eleven.";
    const a = await uploadDocument(user.api, projectId, "a.txt", shared);
    // The same bytes in one project are one document; in another project, a document of its own.
    const elsewhere = await newProject(user.api);
    await uploadDocument(user.api, elsewhere, "b.txt", shared);
    const c = await uploadDocument(user.api, projectId, "c.txt", only);
    await indexed();
    const db = await getDb();
    const vectors = async () =>
      (await db.passageEmbedding.findMany({ where: { userId: user.id }, select: { contentHash: true } })).length;
    expect(await vectors()).toBe(2);

    for (const document of [a, c]) {
      await trashDocument(user.api, projectId, document.id);
      expect((await user.api("POST", `/api/trash/documents/${document.id}/purge`)).status).toBe(204);
    }
    // c's text is gone with it; a's lives on in b.
    expect(await vectors()).toBe(1);
    expect((await search(user.api, elsewhere, "cranes")).documents.map((d) => d.name)).toEqual(["b.txt"]);
  });

  it("a failing embedder shows in the status and search still answers by words", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    stub.setEmbeddingsFailure("the embedding server is overloaded");
    const document = await uploadDocument(user.api, projectId, "tide.txt", "High tide arrives at six in the evening.");
    await indexed();
    const report = await status(user.api, projectId);
    expect(report.embedding).toMatchObject({ embedded: 0, failing: 1, waiting: 0 });
    expect(report.embedding.lastError).toContain("overloaded");
    const page = await search(user.api, projectId, "when is high tide?");
    expect(page.documents.map((d) => d.id)).toEqual([document.id]);

    // Recovered: the failure is retried (after its backoff) and cleared.
    stub.setEmbeddingsFailure(null);
    const db = await getDb();
    await db.embeddingFailure.updateMany({ data: { retryAt: new Date(0) } });
    kickEmbedding();
    await embeddingSettled();
    expect((await status(user.api, projectId)).embedding).toMatchObject({ embedded: 1, failing: 0, lastError: null });
  });

  it("a new model makes the old vectors stale and embeds every passage again", async () => {
    const user = await signUp();
    const projectId = await newProject(user.api);
    await uploadDocument(user.api, projectId, "one.txt", "Orchards bloom in April.");
    await uploadDocument(user.api, projectId, "two.txt", "Harvest starts in September.");
    await indexed();
    expect((await status(user.api, projectId)).embedding).toMatchObject({ embedded: 2 });

    useEmbedder("stub-embed-2");
    expect((await status(user.api, projectId)).embedding).toMatchObject({
      model: "stub-embed-2",
      embedded: 0,
      waiting: 2,
      stale: 2,
    });
    // Before the new vectors exist, search answers by words; the old model's vectors are never used.
    expect((await search(user.api, projectId, "orchards")).documents.map((d) => d.name)).toEqual(["one.txt"]);
    stub.reset();
    kickEmbedding();
    await embeddingSettled();
    const models = embeddingRequests().map((request) => (request.body as { model: string }).model);
    expect(new Set(models)).toEqual(new Set(["stub-embed-2"]));
    expect((await status(user.api, projectId)).embedding).toMatchObject({ embedded: 2, waiting: 0, stale: 0 });
  });
});
