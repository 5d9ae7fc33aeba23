import { transaction, type Tx } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { nextOffset } from "@/lib/http/paging";
import { likePattern } from "@/lib/text/like-pattern";
import { inScopeSql } from "@/lib/folders/scope-predicate";
import type { ChatScope } from "@/lib/threads/thread-scope";
import {
  toDocumentDto,
  type DocumentDto,
  type DocumentDtoRow,
  type DocumentPage,
  type ListedDocument,
} from "./document-dto";
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
  /** One folder's own documents (`"root"`: those at the root); absent: the whole shelf. */
  folderId?: string;
  /** A chat's scope (the agent's search): only documents inside it; absent or null: no limit. */
  scope?: ChatScope | null;
}

/** A search page's row: the DTO's columns, its sort key and where the query matched. */
type SearchRow = DocumentDtoRow & { sortKey: string; matchOffset: number | null; snippet: string | null };

/** The columns of a DocumentDto (and nothing else: each row's cost follows what it carries). */
const DTO_COLUMNS = Prisma.sql`d.id, d."projectId", d."name", d."sizeBytes", d.sha256, d."sourceThreadId", d."sourceKind", d."sourceName", d."createdAt", d."updatedAt", d."contentMissing", d."folderId"`;

/**
 * The rows of one folder (`"root"`: no folder), or TRUE for the whole shelf. A folder id of
 * another project or user matches nothing: the listing is then empty, never another shelf's.
 */
function inFolderSql(folderId: string | undefined): Prisma.Sql {
  if (folderId === undefined) return Prisma.sql`TRUE`;
  return folderId === "root" ? Prisma.sql`d."folderId" IS NULL` : Prisma.sql`d."folderId" = ${folderId}`;
}

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
  const folder = request.folderId ?? null;
  const cursor = request.cursor ? decodeCursor(request.cursor, { sort, order, q, folder }) : null;
  const start = cursor ? cursor.position : request.offset;

  const {
    documents: rows,
    lastKey,
    total,
  } = await transaction(async (tx): Promise<Page> => {
    const project = await tx.project.findFirst({ where: { id: projectId, userId }, select: { documentCount: true } });
    if (!project) throw notFound();
    const folderId = request.folderId && request.folderId !== "root" ? request.folderId : null;
    if (folderId && q !== null) {
      const owned = await tx.projectFolder.findFirst({
        where: { id: request.folderId, projectId, userId },
        select: { id: true },
      });
      if (!owned) throw notFound();
    }
    const after = cursor ? Prisma.sql`AND ${afterCursorSql(sort, order, cursor)}` : Prisma.empty;
    // One row more than the page tells whether another page follows, without counting.
    const skip = cursor ? Prisma.empty : Prisma.sql`OFFSET ${request.offset}`;
    const ordering = orderBySql(sort, order);
    const page = Prisma.sql`${ordering} LIMIT ${limit + 1} ${skip}`;
    const inFolder = Prisma.sql`${inFolderSql(request.folderId)} AND ${inScopeSql(request.scope ?? null, projectId)}`;
    const query = { userId, projectId, sort, after, page, ordering, limit, inFolder };
    if (q !== null) return searchPage(tx, { ...query, q });
    // The whole shelf's count is the project row's; a folder's is counted through its index, in
    // the page's own statement, which also confirms the folder is this shelf's.
    const whole = request.folderId === undefined && !request.scope;
    const { counted, owned, ...shelf } = await shelfPage(tx, { ...query, count: !whole, folderId });
    if (!owned) throw notFound();
    return { ...shelf, total: whole ? project.documentCount : counted };
  });

  const more = rows.length > limit;
  const documents = more ? rows.slice(0, limit) : rows;
  const last = documents.at(-1);
  const nextCursor: ShelfCursor | null =
    more && last && lastKey !== null
      ? { sort, order, q, folder, key: lastKey, id: last.id, position: start + documents.length }
      : null;
  return {
    documents,
    total,
    nextOffset: more ? start + documents.length : nextOffset(start, documents.length, total),
    nextCursor: nextCursor && encodeCursor(nextCursor),
  };
}

/** Up to a page and one row more, the total, and the sort key of the page's last row (for its cursor). */
interface Page {
  documents: ListedDocument[];
  lastKey: string | null;
  total: number;
}

interface PageQuery {
  userId: string;
  projectId: string;
  sort: ShelfSort;
  after: Prisma.Sql;
  /** ORDER BY, LIMIT (a page and one row more) and OFFSET. */
  page: Prisma.Sql;
  ordering: Prisma.Sql;
  limit: number;
  /** The folder condition on `d` (inFolderSql). */
  inFolder: Prisma.Sql;
}

/** A shelf row as the page query's JSON array: the DocumentDto's fields in order, then the sort key. */
type ShelfTuple = [
  id: string,
  projectId: string,
  name: string,
  sizeBytes: number,
  sha256: string,
  sourceThreadId: string | null,
  sourceKind: DocumentDto["sourceKind"],
  sourceName: string | null,
  createdAt: string,
  updatedAt: string,
  contentMissing: boolean,
  folderId: string | null,
  folderPath: string | null,
  sortKey: string,
];

/**
 * A page of the shelf as one JSON value built by the database, each row an array already in
 * the DocumentDto's wire form (ISO times, a number for the size). On embedded PGlite, decoding
 * a result column by column was most of what a 100-row page cost beyond a 10-row one; one
 * text value and JSON.parse cost a fraction of it (arrays rather than objects: the keys are
 * written once, here).
 */
async function shelfPage(
  tx: Tx,
  {
    userId,
    projectId,
    sort,
    after,
    page,
    ordering,
    limit,
    inFolder,
    count,
    folderId,
  }: PageQuery & { count: boolean; folderId: string | null },
): Promise<Omit<Page, "total"> & { counted: number; owned: boolean }> {
  const counted = count
    ? Prisma.sql`(SELECT count(*)::int FROM "project_document" d
        WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL AND ${inFolder})`
    : Prisma.sql`0`;
  const owned = folderId
    ? Prisma.sql`EXISTS (SELECT 1 FROM "project_folder" o WHERE o.id = ${folderId} AND o."projectId" = ${projectId} AND o."userId" = ${userId})`
    : Prisma.sql`TRUE`;
  const [result] = await tx.$queryRaw<{ rows: string; counted: number; owned: boolean }[]>`
    SELECT ${counted} AS counted, ${owned} AS owned, coalesce(json_agg(json_build_array(
             d.id, d."projectId", d."name", d."sizeBytes", d.sha256, d."sourceThreadId", d."sourceKind", d."sourceName",
             ${isoTimeSql(Prisma.sql`d."createdAt"`)}, ${isoTimeSql(Prisma.sql`d."updatedAt"`)}, d."contentMissing",
             d."folderId", f.path, d."sortKey"
           ) ${ordering}), '[]')::text AS rows
    FROM (
      SELECT ${DTO_COLUMNS}, ${sortKeySql(sort)} AS "sortKey"
      FROM "project_document" d
      WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL AND ${inFolder} ${after}
      ${page}
    ) d
    -- The page's folders' paths, materialised on each folder row: one key lookup per row.
    LEFT JOIN "project_folder" f ON f.id = d."folderId"`;
  const rows = JSON.parse(result!.rows) as ShelfTuple[];
  // contentMissing is the row's recorded flag: the page never touches the disk.
  const documents = rows.map(
    ([
      id,
      projectId,
      name,
      sizeBytes,
      sha256,
      sourceThreadId,
      sourceKind,
      sourceName,
      createdAt,
      updatedAt,
      contentMissing,
      folderId,
      folderPath,
    ]): DocumentDto => ({
      id,
      projectId,
      name,
      sizeBytes,
      sha256,
      sourceThreadId,
      sourceKind,
      sourceName,
      createdAt,
      updatedAt,
      contentMissing,
      folderId,
      folderPath,
    }),
  );
  return { documents, lastKey: rows[limit - 1]?.[13] ?? null, counted: result!.counted, owned: result!.owned };
}

/**
 * Matches of `q`: names by substring (ILIKE, through the names' trigram index), and text
 * chunks by substring (chunks overlap by more than the longest query, so no match straddles
 * two). A chunk is matched on its `folded` copy (lower(body), written by a trigger) with a
 * case-sensitive LIKE of the lowered pattern, which is exactly ILIKE on the body without
 * lowering every candidate chunk again: a word found in every document costs a fast byte
 * scan, a rare one a few trigram index entries. Only ids and sort keys of the matches are
 * collected (for the exact count and the order); just the page's rows are then read whole and
 * look up their first matching chunk for the offset and snippet.
 */
async function searchPage(
  tx: Tx,
  { userId, projectId, sort, after, page, ordering, limit, q, inFolder }: PageQuery & { q: string },
): Promise<Page> {
  const pattern = likePattern(q);
  const rows = await tx.$queryRaw<(SearchRow & { total: bigint })[]>`
    WITH matched AS MATERIALIZED (
      SELECT d.id, d."updatedAt", d."name", d."sizeBytes" FROM "project_document" d
      WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL AND ${inFolder}
        AND d.id IN (${matchingIdsSql(projectId, pattern)})
    ), paged AS (
      SELECT d.id FROM matched d WHERE TRUE ${after} ${page}
    )
    SELECT ${DTO_COLUMNS}, f.path AS "folderPath", ${sortKeySql(sort)} AS "sortKey", hit."matchOffset", hit.snippet, (SELECT count(*) FROM matched) AS total
    FROM paged JOIN "project_document" d ON d.id = paged.id
    LEFT JOIN "project_folder" f ON f.id = d."folderId"
    LEFT JOIN LATERAL (
      SELECT (c."start" + strpos(c.folded, lower(${q})) - 1)::int AS "matchOffset",
             substr(c.body, greatest(1, strpos(c.folded, lower(${q})) - ${SNIPPET_BEFORE}), ${SNIPPET_BEFORE + SNIPPET_AFTER} + char_length(${q})) AS snippet
      FROM "document_text_chunk" c
      -- strpos, not LIKE: the same match, walked in chunk order through the primary key
      -- rather than through the trigram index once per row.
      WHERE c."documentId" = d.id AND strpos(c.folded, lower(${q})) > 0
      ORDER BY c.seq
      LIMIT 1
    ) hit ON TRUE
    ${ordering}`;
  // An empty page (past the end) still needs the count.
  const total = rows[0] ? Number(rows[0].total) : await countMatches(tx, { userId, projectId, pattern, inFolder });
  // contentMissing is the row's recorded flag: the page never touches the disk.
  const documents = rows.map((row): ListedDocument => ({
    ...toDocumentDto(row),
    match: { snippet: row.snippet ?? row.name, offset: row.matchOffset },
  }));
  return { documents, lastKey: rows[limit - 1]?.sortKey ?? null, total };
}

/** Ids of documents whose text or (live, in this project) name contains the LIKE pattern; may repeat. */
function matchingIdsSql(projectId: string, pattern: string): Prisma.Sql {
  return Prisma.sql`
    SELECT c."documentId" FROM "document_text_chunk" c WHERE c."projectId" = ${projectId} AND c.folded LIKE lower(${pattern})
    UNION ALL
    SELECT n.id FROM "project_document" n
    WHERE n."projectId" = ${projectId} AND n."trashedAt" IS NULL AND n."name" ILIKE ${pattern}`;
}

async function countMatches(
  tx: Tx,
  {
    userId,
    projectId,
    pattern,
    inFolder,
  }: { userId: string; projectId: string; pattern: string; inFolder: Prisma.Sql },
): Promise<number> {
  const [row] = await tx.$queryRaw<{ total: bigint }[]>`
    SELECT count(*) AS total FROM "project_document" d
    WHERE d."projectId" = ${projectId} AND d."userId" = ${userId} AND d."trashedAt" IS NULL AND ${inFolder}
      AND d.id IN (${matchingIdsSql(projectId, pattern)})`;
  return Number(row?.total ?? 0);
}
