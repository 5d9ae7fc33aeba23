import { transaction, type Tx } from "@/lib/db/client";
import { Prisma, type ProjectDocument } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { nextOffset } from "@/lib/http/paging";
import { likePattern } from "@/lib/text/like-pattern";
import { describeDocument } from "./describe-document";
import type { DocumentPage, ListedDocument } from "./document-dto";
import {
  afterCursorSql,
  decodeCursor,
  encodeCursor,
  orderBySql,
  sortKeySql,
  type ShelfCursor,
  type ShelfSort,
  type SortOrder,
} from "./shelf-order";
import { SNIPPET_AFTER, SNIPPET_BEFORE } from "./search-text";

export const DOCUMENT_LIST_MAX_LIMIT = 1000;
export const DOCUMENT_LIST_DEFAULT_LIMIT = 100;

export interface ListDocumentsRequest {
  userId: string;
  projectId: string;
  limit: number;
  offset: number;
  cursor?: string;
  sort: ShelfSort;
  order: SortOrder;
  q?: string;
}

type PageRow = ProjectDocument & { sortKey: string; matchOffset: number | null; snippet: string | null };

/**
 * GET /api/projects/{id}/documents: live rows of an owned project, active or archived
 * (archived shelves stay readable), one page in the requested order. A cursor page costs
 * O(page): the keyset condition bounds a scan of the sort's partial index. Without `q`,
 * `total` is the project row's maintained count; with `q` it counts the matches, which are
 * found through trigram indexes (names, and the chunks of each document's text).
 * Count and page come from one transaction so they agree.
 */
export async function listDocuments(request: ListDocumentsRequest): Promise<DocumentPage> {
  const { userId, projectId, limit, sort, order } = request;
  const q = request.q ?? null;
  const cursor = request.cursor ? decodeCursor(request.cursor, { sort, order, q }) : null;
  const start = cursor ? cursor.position : request.offset;

  const { rows, total } = await transaction(async (tx) => {
    const project = await tx.project.findFirst({ where: { id: projectId, userId }, select: { documentCount: true } });
    if (!project) throw notFound();
    const after = cursor ? Prisma.sql`AND ${afterCursorSql(sort, order, cursor)}` : Prisma.empty;
    // One row more than the page tells whether another page follows, without counting.
    const skip = cursor ? Prisma.empty : Prisma.sql`OFFSET ${request.offset}`;
    const ordering = orderBySql(sort, order);
    const page = Prisma.sql`${ordering} LIMIT ${limit + 1} ${skip}`;
    return q === null
      ? { rows: await shelfPage(tx, { userId, projectId, sort, after, page }), total: project.documentCount }
      : searchPage(tx, { userId, projectId, sort, after, page, ordering, q });
  });

  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const documents = await Promise.all(
    shown.map(async (row): Promise<ListedDocument> => {
      const document = await describeDocument(row);
      return q === null
        ? document
        : { ...document, match: { snippet: row.snippet ?? row.name, offset: row.matchOffset } };
    }),
  );
  const last = shown.at(-1);
  const nextCursor: ShelfCursor | null =
    more && last ? { sort, order, q, key: last.sortKey, id: last.id, position: start + shown.length } : null;
  return {
    documents,
    total,
    nextOffset: more ? start + shown.length : nextOffset(start, shown.length, total),
    nextCursor: nextCursor && encodeCursor(nextCursor),
  };
}

interface PageQuery {
  userId: string;
  projectId: string;
  sort: ShelfSort;
  after: Prisma.Sql;
  page: Prisma.Sql;
}

function shelfPage(tx: Tx, { userId, projectId, sort, after, page }: PageQuery): Promise<PageRow[]> {
  return tx.$queryRaw<PageRow[]>`
    SELECT d.*, ${sortKeySql(sort)} AS "sortKey", NULL::int AS "matchOffset", NULL::text AS snippet
    FROM "project_document" d
    WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL ${after}
    ${page}`;
}

/**
 * Matches of `q`: names by substring, and text chunks by substring (chunks overlap by more
 * than the longest query, so no match straddles two). Both come from trigram indexes, so
 * finding them follows the number of matches, not the size of the shelf; only the rows of
 * the page then look up their first matching chunk for the offset and snippet.
 */
async function searchPage(
  tx: Tx,
  { userId, projectId, sort, after, page, ordering, q }: PageQuery & { ordering: Prisma.Sql; q: string },
): Promise<{ rows: PageRow[]; total: number }> {
  const pattern = likePattern(q);
  const rows = await tx.$queryRaw<(PageRow & { total: bigint })[]>`
    WITH chunk_hits AS MATERIALIZED (
      SELECT DISTINCT c."documentId" FROM "document_text_chunk" c WHERE c.body ILIKE ${pattern}
    ), matched AS MATERIALIZED (
      SELECT d.id FROM "project_document" d
      WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL AND d."name" ILIKE ${pattern}
      UNION
      SELECT d.id FROM chunk_hits h JOIN "project_document" d ON d.id = h."documentId"
      WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
    ), paged AS (
      SELECT d.*, ${sortKeySql(sort)} AS "sortKey"
      FROM matched JOIN "project_document" d ON d.id = matched.id
      WHERE TRUE ${after}
      ${page}
    )
    SELECT d.*, hit."matchOffset", hit.snippet, (SELECT count(*) FROM matched) AS total
    FROM paged d
    LEFT JOIN LATERAL (
      SELECT (c."start" + strpos(lower(c.body), lower(${q})) - 1)::int AS "matchOffset",
             substr(c.body, greatest(1, strpos(lower(c.body), lower(${q})) - ${SNIPPET_BEFORE}), ${SNIPPET_BEFORE + SNIPPET_AFTER} + char_length(${q})) AS snippet
      FROM "document_text_chunk" c
      -- strpos, not ILIKE: the same match, walked in chunk order through the primary key
      -- rather than through the trigram index once per row.
      WHERE c."documentId" = d.id AND strpos(lower(c.body), lower(${q})) > 0
      ORDER BY c.seq
      LIMIT 1
    ) hit ON TRUE
    ${ordering}`;
  // An empty page (past the end) still needs the count.
  const total = rows[0] ? Number(rows[0].total) : await countMatches(tx, { userId, projectId, pattern });
  return { rows, total };
}

async function countMatches(
  tx: Tx,
  { userId, projectId, pattern }: { userId: string; projectId: string; pattern: string },
): Promise<number> {
  const [row] = await tx.$queryRaw<{ total: bigint }[]>`
    SELECT count(*) AS total FROM "project_document" d
    WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL
      AND (d."name" ILIKE ${pattern} OR EXISTS (
        SELECT 1 FROM "document_text_chunk" c WHERE c."documentId" = d.id AND c.body ILIKE ${pattern}))`;
  return Number(row?.total ?? 0);
}
