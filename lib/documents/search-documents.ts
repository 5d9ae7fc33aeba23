import { transaction, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { nextOffset } from "@/lib/http/paging";
import { makeSnippet } from "@/lib/search/make-snippet";
import { passageKey, readPassages } from "@/lib/search/read-passages";
import { prepareSearch, searchShelf } from "@/lib/search/search-shelf";
import { toDocumentDto, type DocumentDtoRow, type DocumentPage, type ListedDocument } from "./document-dto";
import { documentFilterSql, type ListDocumentsRequest } from "./shelf-filter";
import { decodeCursor, encodeCursor, orderBySql, type SearchSort, type SortOrder } from "./shelf-order";

/**
 * A search sorted another way than by relevance sorts this many of the most relevant matches:
 * beyond them a list sorted by name or size says nothing about the query any more.
 */
export const SORTED_SEARCH_MAX = 1000;

type SearchRequest = Omit<ListDocumentsRequest, "sort" | "q"> & { q: string; sort: SearchSort };

/**
 * GET /api/projects/{id}/documents?q=…: the shelf's documents that match, most relevant first
 * (or, asked, the most relevant sorted by name, size or date), each with its best passage as
 * `match`. The same search as the agent's tool (lib/search/search-shelf.ts) under the same
 * owner, trash, folder and scope conditions. Pages by offset or by a cursor that holds its
 * position (a ranking has no key to seek to).
 */
export async function searchDocuments(request: SearchRequest): Promise<DocumentPage> {
  const { userId, projectId, limit, sort, order, q } = request;
  const folder = request.folderId ?? null;
  const cursor = request.cursor ? decodeCursor(request.cursor, { sort, order, q, folder }) : null;
  const start = cursor ? cursor.position : request.offset;
  const search = await prepareSearch(q);

  const { documents, total } = await transaction(async (tx) => {
    const project = await tx.project.findFirst({ where: { id: projectId, userId }, select: { id: true } });
    if (!project) throw notFound();
    if (request.folderId && request.folderId !== "root") {
      const owned = await tx.projectFolder.findFirst({
        where: { id: request.folderId, projectId, userId },
        select: { id: true },
      });
      if (!owned) throw notFound();
    }
    const documentFilter = documentFilterSql(request);
    const wanted = sort === "relevance" ? start + limit + 1 : SORTED_SEARCH_MAX;
    const found = await searchShelf(tx, {
      userId,
      projectId,
      documentFilter,
      search,
      perDocument: 1,
      documents: wanted,
    });
    const ids =
      sort === "relevance"
        ? found.documents.slice(start, start + limit + 1).map((document) => document.documentId)
        : await sortedPage(tx, {
            ids: found.documents.map((document) => document.documentId),
            sort,
            order,
            start,
            limit,
          });
    const rows = await documentRows(tx, userId, ids);
    const byId = new Map(found.documents.map((document) => [document.documentId, document]));
    const passages = await readPassages(
      tx,
      ids.flatMap((id) => {
        const best = byId.get(id)?.passages[0];
        return best ? [{ documentId: id, seq: best.seq }] : [];
      }),
    );
    const listed = ids.flatMap((id): ListedDocument[] => {
      const row = rows.get(id);
      const hit = byId.get(id);
      if (!row || !hit) return [];
      const best = hit.passages[0];
      const passage = best ? passages.get(passageKey({ documentId: id, seq: best.seq })) : undefined;
      const score = Math.round(hit.score * 1e6) / 1e6;
      const match = passage
        ? {
            ...makeSnippet(passage.body, search.query.lexemes),
            offset: passage.start,
            end: passage.end,
            heading: passage.heading,
            page: passage.page,
            score,
          }
        : { ...makeSnippet(row.name, search.query.lexemes), offset: null, end: null, heading: null, page: null, score };
      return [{ ...toDocumentDto(row), match }];
    });
    return { documents: listed, total: sort === "relevance" ? found.total : Math.min(found.total, SORTED_SEARCH_MAX) };
  });

  const more = documents.length > limit;
  const page = more ? documents.slice(0, limit) : documents;
  const last = page.at(-1);
  return {
    documents: page,
    total,
    nextOffset: more ? start + page.length : nextOffset(start, page.length, total),
    nextCursor:
      more && last
        ? encodeCursor({ sort, order, q, folder, key: "", id: last.id, position: start + page.length })
        : null,
  };
}

/** A page of the given documents in a shelf order (name, size or date). */
async function sortedPage(
  tx: Tx,
  {
    ids,
    sort,
    order,
    start,
    limit,
  }: { ids: string[]; sort: Exclude<SearchSort, "relevance">; order: SortOrder; start: number; limit: number },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "project_document" d WHERE d.id = ANY(${ids}::text[])
    ${orderBySql(sort, order)} LIMIT ${limit + 1} OFFSET ${start}`;
  return rows.map((row) => row.id);
}

async function documentRows(tx: Tx, userId: string, ids: string[]): Promise<Map<string, DocumentDtoRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<DocumentDtoRow[]>`
    SELECT d.id, d."projectId", d."name", d."sizeBytes", d.sha256, d."sourceThreadId", d."sourceKind", d."sourceName",
      d."createdAt", d."updatedAt", d."contentMissing", d."folderId", f.path AS "folderPath"
    FROM "project_document" d LEFT JOIN "project_folder" f ON f.id = d."folderId"
    WHERE d.id = ANY(${ids}::text[]) AND d."userId" = ${userId} AND d."trashedAt" IS NULL`;
  return new Map(rows.map((row) => [row.id, row]));
}
