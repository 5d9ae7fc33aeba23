import { isConvertible } from "@/lib/conversion/convert-to-markdown";
import { getDb } from "@/lib/db/client";
import { ANALYZER_VERSION } from "@/lib/search/index-passages";
import { kickEmbedding } from "@/lib/search/embedding-queue";
import { indexDocumentText } from "./index-document-text";

// Search passages are written in the background, one document at a time per process, so a burst
// of uploads never runs a burst of conversions. Kept on globalThis so dev-server hot reloads
// share one queue.

const holder = globalThis as typeof globalThis & { __searchIndexing?: { tail: Promise<void>; queued: Set<string> } };
const state = (holder.__searchIndexing ??= { tail: Promise.resolve(), queued: new Set() });

/**
 * Planner statistics are refreshed after this many documents are indexed: PGlite has no
 * autovacuum to notice a shelf growing from ten documents to ten thousand (PostgreSQL's own
 * is not fast to notice either), and search plans depend on those counts.
 */
const ANALYZE_EVERY = 500;
let indexedSinceAnalyze = 0;

async function indexAndCount(documentId: string): Promise<void> {
  await indexDocumentText(documentId);
  // New passages may want vectors: the embedder's loop starts if it is idle (never waits here).
  kickEmbedding();
  if (++indexedSinceAnalyze < ANALYZE_EVERY) return;
  indexedSinceAnalyze = 0;
  // One table a statement: on PGlite a statement holds the server's thread, and other
  // requests get their turn between them.
  const db = await getDb();
  await db.$executeRaw`ANALYZE "project_document"`;
  await db.$executeRaw`ANALYZE "document_passage"`;
  await db.$executeRaw`ANALYZE "search_term"`;
}

/** Indexes a document after the work already queued; a document already waiting is not queued twice. */
export function queueDocumentIndexing(documentId: string): void {
  if (state.queued.has(documentId)) return;
  state.queued.add(documentId);
  state.tail = state.tail
    .then(() => indexAndCount(documentId))
    .catch((error: unknown) => console.error(`[search] indexing document ${documentId} failed`, error))
    .finally(() => state.queued.delete(documentId));
}

/** Small text files are indexed before their upload answers: cheap, and searchable at once. */
const INLINE_INDEX_MAX_BYTES = 1024 * 1024;

/**
 * Indexes a document that just landed: a small text file right away (so it is found the
 * moment its upload answers), anything else, and every conversion, in the background.
 */
export async function indexNewDocument({
  id,
  name,
  sizeBytes,
}: {
  id: string;
  name: string;
  sizeBytes: bigint;
}): Promise<void> {
  if (isConvertible(name) || sizeBytes > INLINE_INDEX_MAX_BYTES) return queueDocumentIndexing(id);
  try {
    await indexAndCount(id);
  } catch (error) {
    console.error(`[search] indexing document ${id} failed; it is queued again`, error);
    queueDocumentIndexing(id);
  }
}

/** Resolves once everything queued so far is indexed (tests and the benchmark wait on it). */
export function searchIndexingSettled(): Promise<void> {
  return state.tail;
}

/**
 * Queues every document without a current index: documents from before passages existed (or
 * from an older analyzer), from an import, or whose indexing a restart interrupted; live ones
 * first, newest first, then trashed ones (so a restore finds them indexed). Run at start-up.
 */
export async function queueUnindexedDocuments(): Promise<number> {
  const db = await getDb();
  const rows = await db.projectDocument.findMany({
    where: { OR: [{ text: null }, { text: { analyzerVersion: { lt: ANALYZER_VERSION } } }] },
    select: { id: true },
    orderBy: [{ trashedAt: { sort: "desc", nulls: "first" } }, { updatedAt: "desc" }],
  });
  for (const { id } of rows) queueDocumentIndexing(id);
  return rows.length;
}
