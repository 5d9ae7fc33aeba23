import { config, type EmbeddingEndpoint } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { embedTexts } from "./embedder";
import { embeddingText } from "./index-passages";
import { storeEmbeddings } from "./vector-storage";

// Passage vectors are made in the background, never on a request's path: one loop per process
// walks the passages in key order, a window at a time, and sends the ones without a vector of
// the configured model to the embedder in batches (EMBEDDING_BATCH_SIZE), a few at once
// (EMBEDDING_CONCURRENCY). Vectors are keyed by owner, model and content hash, so a passage
// identical to one already embedded (a copy, a fork, a re-upload) costs nothing, and vectors of
// another model are simply not this model's: switching models embeds everything again. A batch
// the embedder refuses is recorded per passage in embedding_failure and retried with backoff;
// the status shows it. Several instances may embed the same passage at once: the first vector
// stored wins, the rest is wasted work, never a wrong row.

/** Passages read per window of the walk. */
const WINDOW = 400;
/**
 * Planner statistics of passage_embedding are refreshed after this many new vectors, and after
 * a walk that stored any: PGlite never analyses on its own, and a table last analysed empty
 * gets nested loops that made every walk and the status take seconds on a shelf of thousands.
 */
const ANALYZE_EVERY_VECTORS = 2_000;
/** Backoff after a failure: doubles per attempt from 5 s, at most an hour. */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

interface Needed {
  userId: string;
  contentHash: string;
  text: string;
}

interface QueueState {
  /** Vectors stored since passage_embedding was last analysed. */
  storedSinceAnalyze: number;
  running: boolean;
  again: boolean;
  idle: Promise<void>;
  retryTimer: NodeJS.Timeout | null;
}

const holder = globalThis as typeof globalThis & { __embeddingQueue?: QueueState };
const state = (holder.__embeddingQueue ??= {
  storedSinceAnalyze: 0,
  running: false,
  again: false,
  idle: Promise.resolve(),
  retryTimer: null,
});

/** Starts the loop if it is idle, or has it look again when it ends. No-op without an embedder. */
export function kickEmbedding(): void {
  const endpoint = config().embedding;
  if (!endpoint) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  state.idle = (async () => {
    try {
      do {
        state.again = false;
        await walkOnce(endpoint);
      } while (state.again);
    } catch (error) {
      console.error("[search] embedding stopped", error);
    } finally {
      state.running = false;
      await scheduleRetry(endpoint);
    }
  })();
}

/** Resolves when the loop is idle (tests and the benchmark wait on it). */
export async function embeddingSettled(): Promise<void> {
  while (state.running) await state.idle;
}

/** One walk over every passage; returns when a whole walk found nothing to embed. */
async function walkOnce(endpoint: EmbeddingEndpoint): Promise<void> {
  let cursor: { documentId: string; seq: number } | null = null;
  for (;;) {
    const window = await nextWindow(endpoint.model, cursor);
    if (window.last === null) {
      if (state.storedSinceAnalyze > 0) await analyzeVectors();
      return;
    }
    cursor = window.last;
    if (window.needed.length > 0) await embedAll(endpoint, window.needed);
  }
}

async function nextWindow(
  model: string,
  cursor: { documentId: string; seq: number } | null,
): Promise<{ needed: Needed[]; last: { documentId: string; seq: number } | null }> {
  const db = await getDb();
  const after = cursor ?? { documentId: "", seq: -1 };
  const rows = await db.$queryRaw<
    {
      documentId: string;
      seq: number;
      userId: string;
      contentHash: string;
      heading: string | null;
      body: string | null;
    }[]
  >`
    SELECT p."documentId", p.seq, d."userId", p."contentHash", p.heading,
      CASE WHEN e."contentHash" IS NULL AND (f."retryAt" IS NULL OR f."retryAt" <= now()) THEN p.body END AS body
    FROM (
      SELECT * FROM "document_passage" p WHERE (p."documentId", p.seq) > (${after.documentId}, ${after.seq})
      ORDER BY p."documentId", p.seq LIMIT ${WINDOW}
    ) p
    JOIN "project_document" d ON d.id = p."documentId"
    LEFT JOIN "passage_embedding" e ON e."userId" = d."userId" AND e.model = ${model} AND e."contentHash" = p."contentHash"
    LEFT JOIN "embedding_failure" f ON f."userId" = d."userId" AND f.model = ${model} AND f."contentHash" = p."contentHash"
    WHERE d."trashedAt" IS NULL
    ORDER BY p."documentId", p.seq`;
  const last = rows.at(-1);
  // The window may end on trashed rows only: the walk still moves past them.
  const [edge] = last
    ? [last]
    : await db.$queryRaw<{ documentId: string; seq: number }[]>`
        SELECT p."documentId", p.seq FROM (
          SELECT "documentId", seq FROM "document_passage" WHERE ("documentId", seq) > (${after.documentId}, ${after.seq})
          ORDER BY "documentId", seq LIMIT ${WINDOW}
        ) p ORDER BY p."documentId" DESC, p.seq DESC LIMIT 1`;
  const seen = new Set<string>();
  const needed: Needed[] = [];
  for (const row of rows) {
    const key = `${row.userId}:${row.contentHash}`;
    if (row.body === null || seen.has(key)) continue;
    seen.add(key);
    needed.push({
      userId: row.userId,
      contentHash: row.contentHash,
      text: embeddingText({ heading: row.heading, body: row.body }),
    });
  }
  return { needed, last: edge ? { documentId: edge.documentId, seq: edge.seq } : null };
}

async function embedAll(endpoint: EmbeddingEndpoint, needed: Needed[]): Promise<void> {
  const { embeddingBatchSize, embeddingConcurrency } = config();
  const batches: Needed[][] = [];
  for (let i = 0; i < needed.length; i += embeddingBatchSize) batches.push(needed.slice(i, i + embeddingBatchSize));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) await embedBatch(endpoint, batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(embeddingConcurrency, batches.length) }, worker));
}

async function embedBatch(endpoint: EmbeddingEndpoint, batch: Needed[]): Promise<void> {
  const db = await getDb();
  let vectors: number[][];
  try {
    vectors = await embedTexts(
      endpoint,
      batch.map((item) => item.text),
    );
    if (vectors.length !== batch.length || vectors.some((vector) => vector.length === 0))
      throw new Error(`the embedder answered ${vectors.length} vectors for ${batch.length} passages`);
  } catch (error) {
    await recordFailure(endpoint.model, batch, describe(error));
    return;
  }
  await storeEmbeddings(
    db,
    batch.map((item, i) => ({
      userId: item.userId,
      model: endpoint.model,
      contentHash: item.contentHash,
      vector: vectors[i]!,
    })),
  );
  state.storedSinceAnalyze += batch.length;
  if (state.storedSinceAnalyze >= ANALYZE_EVERY_VECTORS) await analyzeVectors();
  const hashes = batch.map((item) => item.contentHash);
  await db.$executeRaw`
    DELETE FROM "embedding_failure" WHERE model = ${endpoint.model} AND "contentHash" = ANY(${hashes}::text[])`;
  // Cached copies of these projects' vectors are now out of date.
  await db.$executeRaw`
    UPDATE "search_corpus" SET revision = revision + 1
    WHERE "projectId" IN (SELECT DISTINCT p."projectId" FROM "document_passage" p WHERE p."contentHash" = ANY(${hashes}::text[]))`;
}

async function analyzeVectors(): Promise<void> {
  state.storedSinceAnalyze = 0;
  // The join keys only: statistics of the vectors themselves serve no plan and cost the most.
  const db = await getDb();
  await db.$executeRaw`ANALYZE "passage_embedding" ("userId", model, "contentHash")`;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

async function recordFailure(model: string, batch: Needed[], message: string): Promise<void> {
  const db = await getDb();
  console.warn(`[search] the embedder failed on ${batch.length} passages: ${message}`);
  for (const item of batch) {
    await db.$executeRaw`
      INSERT INTO "embedding_failure" ("userId", model, "contentHash", attempts, "lastError", "retryAt", "updatedAt")
      VALUES (${item.userId}, ${model}, ${item.contentHash}, 1, ${message}, now() + make_interval(secs => ${FIRST_RETRY_MS / 1000}), now())
      ON CONFLICT ("userId", model, "contentHash") DO UPDATE SET attempts = "embedding_failure".attempts + 1,
        "lastError" = excluded."lastError", "updatedAt" = now(),
        "retryAt" = now() + make_interval(secs => least(${MAX_RETRY_MS / 1000}, ${FIRST_RETRY_MS / 1000} * power(2, "embedding_failure".attempts)))`;
  }
}

/** After a walk, wakes the loop again when the earliest failed passage may be retried. */
async function scheduleRetry(endpoint: EmbeddingEndpoint): Promise<void> {
  if (state.retryTimer) clearTimeout(state.retryTimer);
  state.retryTimer = null;
  try {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ wait: number | null }[]>`
      SELECT extract(epoch FROM min("retryAt") - now()) * 1000 AS wait FROM "embedding_failure" WHERE model = ${endpoint.model}`;
    if (row?.wait === null || row?.wait === undefined) return;
    state.retryTimer = setTimeout(kickEmbedding, Math.max(0, Number(row.wait)) + 50);
    state.retryTimer.unref();
  } catch (error) {
    console.warn("[search] could not schedule the embedder's retry", error);
  }
}
