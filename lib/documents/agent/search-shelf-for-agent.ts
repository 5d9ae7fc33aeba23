import { transaction } from "@/lib/db/client";
import { makeSnippet } from "@/lib/search/make-snippet";
import { passageKey, readPassages } from "@/lib/search/read-passages";
import { AGENT_SEARCH_PER_DOCUMENT } from "@/lib/search/search-limits";
import { prepareSearch, searchShelf } from "@/lib/search/search-shelf";
import type { ChatScope } from "@/lib/threads/thread-scope";
import { documentFilterSql } from "../shelf-filter";

export interface AgentSearchHit {
  documentId: string;
  name: string;
  folder: string | null;
  snippet: string;
  /** The passage's character range in the document's text, for read_project_document; null when only the name matched. */
  offset: number | null;
  end: number | null;
  heading: string | null;
  page: number | null;
}

export interface AgentSearchResult {
  results: AgentSearchHit[];
}

/**
 * The `search_project_documents` answer: passages of the pinned project's live documents, most
 * relevant first, at most a few per document, each with its range, heading and page so the
 * model can read on from there. The same search as the shelf's `q` (lib/search/search-shelf.ts),
 * so the person and the agent find the same documents; trashed ones, and any outside the
 * chat's scope, never appear.
 */
export async function searchShelfForAgent({
  userId,
  projectId,
  scope,
  query,
  limit,
}: {
  userId: string;
  projectId: string;
  scope: ChatScope | null;
  query: string;
  /** Passages wanted. */
  limit: number;
}): Promise<AgentSearchResult> {
  const search = await prepareSearch(query);
  return transaction(async (tx) => {
    const found = await searchShelf(tx, {
      userId,
      projectId,
      documentFilter: documentFilterSql({ projectId, scope }),
      search,
      perDocument: AGENT_SEARCH_PER_DOCUMENT,
      documents: limit,
    });
    // Passages best first across documents; a document found by its name alone stands as itself.
    const picked = found.documents
      .flatMap((document): { documentId: string; seq: number | null; score: number }[] =>
        document.passages.length > 0
          ? document.passages.map((passage) => ({
              documentId: document.documentId,
              seq: passage.seq,
              score: passage.score,
            }))
          : [{ documentId: document.documentId, seq: null, score: document.score }],
      )
      .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId) || (a.seq ?? -1) - (b.seq ?? -1))
      .slice(0, limit);
    const ids = [...new Set(picked.map((hit) => hit.documentId))];
    const rows = await tx.$queryRaw<{ id: string; name: string; folder: string | null }[]>`
      SELECT d.id, d."name", f.path AS folder FROM "project_document" d LEFT JOIN "project_folder" f ON f.id = d."folderId"
      WHERE d.id = ANY(${ids}::text[]) AND d."userId" = ${userId} AND d."trashedAt" IS NULL`;
    const documents = new Map(rows.map((row) => [row.id, row]));
    const passages = await readPassages(
      tx,
      picked.flatMap((hit) => (hit.seq === null ? [] : [{ documentId: hit.documentId, seq: hit.seq }])),
    );
    const results = picked.flatMap((hit): AgentSearchHit[] => {
      const document = documents.get(hit.documentId);
      if (!document) return [];
      const passage =
        hit.seq === null ? undefined : passages.get(passageKey({ documentId: hit.documentId, seq: hit.seq }));
      const base = { documentId: document.id, name: document.name, folder: document.folder };
      if (!passage) return [{ ...base, snippet: document.name, offset: null, end: null, heading: null, page: null }];
      return [
        {
          ...base,
          snippet: makeSnippet(passage.body, search.query.lexemes).snippet,
          offset: passage.start,
          end: passage.end,
          heading: passage.heading,
          page: passage.page,
        },
      ];
    });
    return { results };
  });
}
