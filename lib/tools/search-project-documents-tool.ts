import { tool, zodSchema } from "ai";
import { z } from "zod";
import {
  AGENT_SEARCH_DEFAULT_RESULTS,
  AGENT_SEARCH_MAX_RESULTS,
  AGENT_SEARCH_PER_DOCUMENT,
  SEARCH_QUERY_MAX_CHARS,
} from "@/lib/search/search-limits";
import { searchShelfForAgent } from "@/lib/documents/agent/search-shelf-for-agent";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { asToolResult } from "./tool-result";
import { QUOTED_MATERIAL, type CitationNumbers } from "./citation-numbers";

export const SEARCH_LIMIT_DEFAULT = AGENT_SEARCH_DEFAULT_RESULTS;
export const SEARCH_LIMIT_MAX = AGENT_SEARCH_MAX_RESULTS;

// Built once per process, with its JSON form: the SDK would convert a bare zod schema again for
// every request of every run.
const INPUT = zodSchema(
  z.object({
    query: z
      .string()
      .describe(
        `a question or keywords in any order; "quoted phrases" must occur as written (1 to ${SEARCH_QUERY_MAX_CHARS} characters)`,
      ),
    limit: z
      .number()
      .int()
      .optional()
      .describe(`passages to return (default ${SEARCH_LIMIT_DEFAULT}, at most ${SEARCH_LIMIT_MAX})`),
  }),
);

/**
 * Registered only for runs with a pinned project; searches that project's live shelf (never
 * one named by the model). A query outside 1..200 characters is an `{error}` the model can
 * correct; `limit` is clamped like the other tools' paging.
 */
export function searchProjectDocumentsTool({
  userId,
  pinned,
  citations,
}: {
  userId: string;
  pinned: PinnedProjectContext;
  citations: CitationNumbers;
}) {
  return tool({
    description: `Search this project's documents by meaning and words (the text of PDF, Word, Excel and HTML included) and by name. Returns the most relevant passages first, at most ${AGENT_SEARCH_PER_DOCUMENT} per document, each with its folder path, heading, page (PDFs), a snippet, its character range [offset, end) to pass to read_project_document, and \`cite\`: the number to cite the passage by, as [n].`,
    inputSchema: INPUT,
    execute: ({ query, limit }) =>
      asToolResult(async () => {
        const length = [...query].length;
        if (length === 0 || length > SEARCH_QUERY_MAX_CHARS)
          return { error: `The query must be 1 to ${SEARCH_QUERY_MAX_CHARS} characters long.` };
        const clamped = Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.floor(limit ?? SEARCH_LIMIT_DEFAULT)));
        const { results } = await searchShelfForAgent({
          userId,
          projectId: pinned.projectId,
          scope: pinned.scope,
          query,
          limit: clamped,
        });
        return {
          results: results.map((hit) =>
            hit.offset === null || hit.end === null
              ? { ...hit, cite: null }
              : {
                  ...hit,
                  cite: citations.number({ kind: "document", ref: hit.documentId, start: hit.offset, end: hit.end }),
                },
          ),
          ...(results.length > 0 ? { quoted: QUOTED_MATERIAL } : {}),
        };
      }),
  });
}
