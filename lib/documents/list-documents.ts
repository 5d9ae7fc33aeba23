import { transaction, type Tx } from "@/lib/db/client";
import { isoTimeSql } from "@/lib/db/iso-time-sql";
import { Prisma } from "@/lib/generated/prisma/client";
import { notFound, validationError } from "@/lib/errors";
import { nextOffset } from "@/lib/http/paging";
import type { DocumentDto, DocumentPage, ListedDocument } from "./document-dto";
import { searchDocuments } from "./search-documents";
import { documentFilterSql, type ListDocumentsRequest } from "./shelf-filter";
import {
  afterCursorSql,
  decodeCursor,
  encodeCursor,
  orderBySql,
  sortKeySql,
  type ShelfCursor,
  type ShelfSort,
} from "./shelf-order";

/** The columns of a DocumentDto (and nothing else: each row's cost follows what it carries). */
const DTO_COLUMNS = Prisma.sql`d.id, d."projectId", d."name", d."sizeBytes", d.sha256, d."sourceThreadId", d."sourceKind", d."sourceName", d."createdAt", d."updatedAt", d."contentMissing", d."folderId"`;

export const DOCUMENT_LIST_MAX_LIMIT = 1000;
export const DOCUMENT_LIST_DEFAULT_LIMIT = 100;

/**
 * GET /api/projects/{id}/documents: live rows of an owned project, active or archived
 * (archived shelves stay readable), one page in the requested order. A cursor page costs
 * O(page): the keyset condition bounds a scan of the sort's partial index. `total` is the
 * project row's maintained count (a folder's or a scope's is counted in the page's own
 * statement). With `q` it is a search instead (./search-documents.ts).
 */
export async function listDocuments(request: ListDocumentsRequest): Promise<DocumentPage> {
  if (request.q !== undefined) return searchDocuments({ ...request, q: request.q });
  const { userId, projectId, limit, order } = request;
  if (request.sort === "relevance") throw validationError("sort", "Sorting by relevance needs a search (q).");
  const sort: ShelfSort = request.sort;
  const folder = request.folderId ?? null;
  const cursor = request.cursor ? decodeCursor(request.cursor, { sort, order, q: null, folder }) : null;
  const start = cursor ? cursor.position : request.offset;

  const {
    documents: rows,
    lastKey,
    total,
  } = await transaction(async (tx): Promise<Page> => {
    const project = await tx.project.findFirst({ where: { id: projectId, userId }, select: { documentCount: true } });
    if (!project) throw notFound();
    const folderId = request.folderId && request.folderId !== "root" ? request.folderId : null;
    const after = cursor ? Prisma.sql`AND ${afterCursorSql(sort, order, cursor)}` : Prisma.empty;
    // One row more than the page tells whether another page follows, without counting.
    const skip = cursor ? Prisma.empty : Prisma.sql`OFFSET ${request.offset}`;
    const ordering = orderBySql(sort, order);
    const page = Prisma.sql`${ordering} LIMIT ${limit + 1} ${skip}`;
    const inFolder = documentFilterSql(request);
    const query = { userId, projectId, sort, after, page, ordering, limit, inFolder };
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
      ? { sort, order, q: null, folder, key: lastKey, id: last.id, position: start + documents.length }
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
