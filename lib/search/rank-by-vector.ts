import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RankedPassage } from "./rank-lexically";

// The project's live passages nearest to a query's vector (cosine), for the fusion with the
// lexical ranking. The vectors are stored in the database (pgvector's `vector` where it has the
// extension, else real[]), but scored here: without an index, `<=>` scans every vector on each
// query (0.6 s for 100,000 on embedded PGlite), and real[] has no operator at all. This process
// keeps one project's vectors in a Float32Array, read once and again only when the project's
// passages or vectors change (search_corpus.revision), and scores the allowed passages itself.

/** Passages taken from the vector ranking into the fusion. */
export const VECTOR_DEPTH = 100;

export interface VectorRequest {
  userId: string;
  projectId: string;
  /** Conditions on the document row `d` beyond owner, project and trash (folder, scope). */
  documentFilter: Prisma.Sql;
  model: string;
  vector: number[];
}

export async function rankByVector(tx: Tx, request: VectorRequest): Promise<RankedPassage[]> {
  const { userId, projectId, documentFilter } = request;
  const vectors = await projectVectors(tx, request);
  if (vectors.documentIds.length === 0) return [];
  const allowed = new Set(
    (
      await tx.$queryRaw<{ id: string }[]>`
        SELECT d.id FROM "project_document" d
        WHERE d."userId" = ${userId} AND d."projectId" = ${projectId} AND d."trashedAt" IS NULL AND ${documentFilter}`
    ).map((row) => row.id),
  );
  const query = new Float32Array(vectors.dimensions);
  normalised(request.vector, query, 0);
  const { matrix, dimensions, documentIds, seqs } = vectors;
  // A bounded list of the best, kept sorted: VECTOR_DEPTH is small beside the shelf.
  const best: RankedPassage[] = [];
  for (let row = 0; row < documentIds.length; row++) {
    if (!allowed.has(documentIds[row]!)) continue;
    let dot = 0;
    const offset = row * dimensions;
    for (let i = 0; i < dimensions; i++) dot += matrix[offset + i]! * query[i]!;
    if (best.length === VECTOR_DEPTH && dot <= best[best.length - 1]!.score) continue;
    const entry = { documentId: documentIds[row]!, seq: seqs[row]!, score: dot };
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < dot) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > VECTOR_DEPTH) best.pop();
  }
  return best;
}

/** One project's vectors of one model, as read at `revision`. */
interface ProjectVectors {
  revision: bigint;
  documentIds: string[];
  seqs: Int32Array;
  dimensions: number;
  /** Row-major, each row scaled to unit length. */
  matrix: Float32Array;
  bytes: number;
}

/** Cached projects, least recently used first; bounded in bytes. */
const CACHE_MAX_BYTES = 512 * 1024 * 1024;
const holder = globalThis as typeof globalThis & { __projectVectors?: Map<string, ProjectVectors> };
const cache = (holder.__projectVectors ??= new Map());

function normalised(values: ArrayLike<number>, into: Float32Array, at: number): void {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i]! * values[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let i = 0; i < values.length; i++) into[at + i] = values[i]! * scale;
}

async function projectVectors(tx: Tx, { userId, projectId, model, vector }: VectorRequest): Promise<ProjectVectors> {
  const key = `${userId}:${projectId}:${model}:${vector.length}`;
  const [corpus] = await tx.$queryRaw<{ revision: bigint }[]>`
    SELECT revision FROM "search_corpus" WHERE "projectId" = ${projectId}`;
  const revision = corpus?.revision ?? BigInt(-1);
  const cached = cache.get(key);
  if (cached && cached.revision === revision) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  // Every passage of the project with a vector (trashed documents too: the allowed set filters
  // them per query, so a trash or a restore does not cost a reload).
  const rows = await tx.$queryRaw<{ documentId: string; seq: number; embedding: number[] }[]>`
    SELECT p."documentId", p.seq, e.embedding::real[] AS embedding FROM "document_passage" p
    JOIN "passage_embedding" e ON e."userId" = ${userId} AND e.model = ${model} AND e."contentHash" = p."contentHash"
    WHERE p."projectId" = ${projectId} AND e.dimensions = ${vector.length}`;
  const dimensions = vector.length;
  const matrix = new Float32Array(rows.length * dimensions);
  const seqs = new Int32Array(rows.length);
  const documentIds = rows.map((row, i) => {
    normalised(row.embedding, matrix, i * dimensions);
    seqs[i] = row.seq;
    return row.documentId;
  });
  const entry = { revision, documentIds, seqs, dimensions, matrix, bytes: matrix.byteLength + rows.length * 64 };
  cache.delete(key);
  cache.set(key, entry);
  let total = [...cache.values()].reduce((sum, item) => sum + item.bytes, 0);
  for (const [oldest, item] of cache) {
    if (total <= CACHE_MAX_BYTES || oldest === key) break;
    cache.delete(oldest);
    total -= item.bytes;
  }
  return entry;
}
