import { config } from "@/lib/config/env";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { likePattern } from "@/lib/text/like-pattern";
import { embedText } from "./embedder";
import { fuseRankings, type FusedDocument } from "./fuse-rankings";
import { parseSearchQuery, type SearchQuery } from "./parse-search-query";
import { rankLexically, type RankedPassage } from "./rank-lexically";
import { rankByVector } from "./rank-by-vector";

// One search for the shelf's box, the `#` picker and the agent's tool: BM25 over passages,
// document names, and (with an embedder) the passages nearest the query's vector, fused by
// rank. Every reader passes the same owner, trash, folder and scope conditions.

/** How long a query waits for its vector before searching without one. */
const QUERY_EMBEDDING_TIMEOUT_MS = 3000;
const NAME_DEPTH = 50;
/** Names are matched by similarity only for queries about as long as a name; a question is not one. */
const NAME_SIMILARITY_MAX_CHARS = 40;
const QUERY_VECTOR_CACHE = 256;

export interface PreparedSearch {
  text: string;
  query: SearchQuery;
  /** The query's vector and its model, or null (no embedder, or it did not answer in time). */
  vector: { model: string; values: number[] } | null;
}

const holder = globalThis as typeof globalThis & { __queryVectors?: Map<string, number[]> };
const queryVectors = (holder.__queryVectors ??= new Map());

/**
 * Parses the query and, with an embedder configured, gets its vector (cached per model and
 * text). Runs before the search's transaction: a slow embedder never holds a database
 * connection. An embedder that fails or is slow leaves the search lexical; it never fails it.
 */
export async function prepareSearch(text: string): Promise<PreparedSearch> {
  const query = parseSearchQuery(text);
  const endpoint = config().embedding;
  if (!endpoint || text.trim() === "") return { text, query, vector: null };
  const key = `${endpoint.model}\u0000${endpoint.dimensions ?? ""}\u0000${text}`;
  let values = queryVectors.get(key);
  if (!values) {
    try {
      values = await embedText(endpoint, text, AbortSignal.timeout(QUERY_EMBEDDING_TIMEOUT_MS));
      queryVectors.set(key, values);
      if (queryVectors.size > QUERY_VECTOR_CACHE) queryVectors.delete(queryVectors.keys().next().value!);
    } catch (error) {
      console.warn(`[search] the query's vector failed; searching by words only (${(error as Error).message})`);
      return { text, query, vector: null };
    }
  }
  return { text, query, vector: { model: endpoint.model, values } };
}

export interface ShelfSearchRequest {
  userId: string;
  projectId: string;
  /** Conditions on the document row `d` beyond owner, project and trash (folder, scope). */
  documentFilter: Prisma.Sql;
  search: PreparedSearch;
  /** Passages kept per document (1 for the shelf's list, a few for the agent). */
  perDocument: number;
  /** Documents wanted from the top. */
  documents: number;
}

export interface ShelfSearchResult {
  documents: FusedDocument[];
  /** Documents that match at all (by text, by name, or among the nearest by meaning). */
  total: number;
}

async function nameMatches(tx: Tx, request: ShelfSearchRequest): Promise<string[]> {
  const { userId, projectId, documentFilter, search } = request;
  const text = search.text.trim();
  if (text === "") return [];
  const pattern = likePattern(text);
  const similar = [...text].length <= NAME_SIMILARITY_MAX_CHARS ? Prisma.sql`OR ${text} <% d."name"` : Prisma.empty;
  // The trigram index, always: for a long query the planner prices its many trigrams above
  // a scan of every name (9 ms at 10,000 documents), but the index answers in a fraction of that.
  await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "project_document" d
    WHERE d."userId" = ${userId} AND d."projectId" = ${projectId} AND d."trashedAt" IS NULL AND ${documentFilter}
      AND (d."name" ILIKE ${pattern} ${similar})
    ORDER BY (d."name" ILIKE ${pattern}) DESC, word_similarity(${text}, d."name") DESC, d.id
    LIMIT ${NAME_DEPTH}`;
  await tx.$executeRaw`SET LOCAL enable_seqscan = on`;
  return rows.map((row) => row.id);
}

export async function searchShelf(tx: Tx, request: ShelfSearchRequest): Promise<ShelfSearchResult> {
  const { search } = request;
  const lexical = await rankLexically(tx, {
    userId: request.userId,
    projectId: request.projectId,
    documentFilter: request.documentFilter,
    query: search.query,
    perDocument: request.perDocument,
    depth: request.documents * request.perDocument,
  });
  const names = await nameMatches(tx, request);
  const rankings: RankedPassage[][] = [lexical.passages];
  if (search.vector) {
    const nearest = await rankByVector(tx, {
      userId: request.userId,
      projectId: request.projectId,
      documentFilter: request.documentFilter,
      model: search.vector.model,
      vector: search.vector.values,
    });
    rankings.push(limitPerDocument(nearest, request.perDocument));
  }
  const documents = fuseRankings({ passageRankings: rankings, nameRanking: names });
  const lexicalDocuments = new Set(lexical.passages.map((passage) => passage.documentId));
  const beyondLexical = documents.filter((document) => !lexicalDocuments.has(document.documentId)).length;
  return {
    documents: documents.map((document) => ({
      ...document,
      passages: document.passages.slice(0, request.perDocument),
    })),
    total: lexical.documents + beyondLexical,
  };
}

function limitPerDocument(ranking: RankedPassage[], perDocument: number): RankedPassage[] {
  const counts = new Map<string, number>();
  return ranking.filter((passage) => {
    const count = counts.get(passage.documentId) ?? 0;
    counts.set(passage.documentId, count + 1);
    return count < perDocument;
  });
}
