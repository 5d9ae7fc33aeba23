import { tool, zodSchema } from "ai";
import { z } from "zod";
import { SEARCH_QUERY_MAX_CHARS } from "@/lib/documents/search-text";
import { searchShelfForAgent } from "@/lib/documents/agent/search-shelf-for-agent";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { asToolResult } from "./tool-result";

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;

// Built once per process, with its JSON form: the SDK would convert a bare zod schema again for
// every request of every run.
const INPUT = zodSchema(
  z.object({
    query: z
      .string()
      .describe(`words or a phrase to find, matched as a substring (1 to ${SEARCH_QUERY_MAX_CHARS} characters)`),
    limit: z
      .number()
      .int()
      .optional()
      .describe(`results to return (default ${SEARCH_LIMIT_DEFAULT}, at most ${SEARCH_LIMIT_MAX})`),
  }),
);

/**
 * Registered only for runs with a pinned project; searches that project's live shelf (never
 * one named by the model). A query outside 1..200 characters is an `{error}` the model can
 * correct; `limit` is clamped like the other tools' paging.
 */
export function searchProjectDocumentsTool({ userId, pinned }: { userId: string; pinned: PinnedProjectContext }) {
  return tool({
    description:
      "Search this project's documents by name and by their text (converted text for PDF, Word, Excel and HTML), case-insensitively. Each result gives its folder path, a snippet and the character offset of the first match, to pass to read_project_document.",
    inputSchema: INPUT,
    execute: ({ query, limit }) =>
      asToolResult(async () => {
        const length = [...query].length;
        if (length === 0 || length > SEARCH_QUERY_MAX_CHARS)
          return { error: `The query must be 1 to ${SEARCH_QUERY_MAX_CHARS} characters long.` };
        const clamped = Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.floor(limit ?? SEARCH_LIMIT_DEFAULT)));
        return searchShelfForAgent({ userId, projectId: pinned.projectId, scope: pinned.scope, query, limit: clamped });
      }),
  });
}
