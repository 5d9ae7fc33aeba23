import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { ANALYZER_VERSION } from "./index-passages";

// GET /api/projects/{id}/search-status: how far a project's index is, so the shelf can say
// "indexing 120 of 4,000" or "vectors: 98 %" and what went wrong last.

export interface EmbeddingStatus {
  model: string;
  /** EMBEDDING_DIMENSIONS, else what the model's vectors measure (null before the first). */
  dimensions: number | null;
  /** Live passages with a vector of this model. */
  embedded: number;
  /** Live passages without one, not failing. */
  waiting: number;
  /** Of those waiting, passages that have a vector of another model only (the model changed). */
  stale: number;
  /** Live passages the embedder failed on, to be retried. */
  failing: number;
  lastError: string | null;
}

export interface SearchStatus {
  passages: number;
  documents: number;
  /** Live documents whose passages are not yet written (new, or from an older index). */
  documentsWaiting: number;
  /** Null: no embedder configured; search is by words and names. */
  embedding: EmbeddingStatus | null;
}

export async function readSearchStatus({
  userId,
  projectId,
}: {
  userId: string;
  projectId: string;
}): Promise<SearchStatus> {
  const db = await getDb();
  const project = await db.project.findFirst({ where: { id: projectId, userId }, select: { documentCount: true } });
  if (!project) throw notFound();
  const [index] = await db.$queryRaw<{ passages: number; waiting: number }[]>`
    SELECT coalesce(sum(t."passageCount") FILTER (WHERE t."analyzerVersion" = ${ANALYZER_VERSION}), 0)::int AS passages,
      count(*) FILTER (WHERE t."documentId" IS NULL OR t."analyzerVersion" < ${ANALYZER_VERSION})::int AS waiting
    FROM "project_document" d LEFT JOIN "document_text" t ON t."documentId" = d.id
    WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL`;
  const endpoint = config().embedding;
  return {
    passages: index?.passages ?? 0,
    documents: project.documentCount,
    documentsWaiting: index?.waiting ?? 0,
    embedding: endpoint
      ? await embeddingStatus({ userId, projectId, model: endpoint.model, dimensions: endpoint.dimensions })
      : null,
  };
}

async function embeddingStatus({
  userId,
  projectId,
  model,
  dimensions,
}: {
  userId: string;
  projectId: string;
  model: string;
  dimensions: number | null;
}): Promise<EmbeddingStatus> {
  const db = await getDb();
  const [row] = await db.$queryRaw<
    {
      embedded: number;
      waiting: number;
      stale: number;
      failing: number;
      dimensions: number | null;
      lastError: string | null;
    }[]
  >`
    WITH live AS (
      SELECT p."contentHash", e.dimensions, (e."contentHash" IS NOT NULL) AS done, f."lastError", f."updatedAt"
      FROM "document_passage" p
      JOIN "project_document" d ON d.id = p."documentId"
      LEFT JOIN "passage_embedding" e ON e."userId" = ${userId} AND e.model = ${model} AND e."contentHash" = p."contentHash"
      LEFT JOIN "embedding_failure" f ON f."userId" = ${userId} AND f.model = ${model} AND f."contentHash" = p."contentHash"
      WHERE p."projectId" = ${projectId} AND d."userId" = ${userId} AND d."projectId" = ${projectId} AND d."trashedAt" IS NULL
    )
    SELECT count(*) FILTER (WHERE done)::int AS embedded,
      count(*) FILTER (WHERE NOT done AND "lastError" IS NULL)::int AS waiting,
      count(*) FILTER (WHERE NOT done AND EXISTS (
        SELECT 1 FROM "passage_embedding" o WHERE o."userId" = ${userId} AND o."contentHash" = live."contentHash" AND o.model <> ${model}
      ))::int AS stale,
      count(*) FILTER (WHERE NOT done AND "lastError" IS NOT NULL)::int AS failing,
      max(dimensions) AS dimensions,
      (array_agg("lastError" ORDER BY "updatedAt" DESC) FILTER (WHERE "lastError" IS NOT NULL))[1] AS "lastError"
    FROM live`;
  return {
    model,
    dimensions: dimensions ?? row?.dimensions ?? null,
    embedded: row?.embedded ?? 0,
    waiting: row?.waiting ?? 0,
    stale: row?.stale ?? 0,
    failing: row?.failing ?? 0,
    lastError: row?.lastError ?? null,
  };
}
