import { tool } from "ai";
import { z } from "zod";
import { DEFAULT_SLICE_LIMIT, MAX_SLICE_LIMIT } from "../slice-text";
import type { PinnedProjectContext } from "../pinned-context";

/**
 * Registered only for runs with a pinned project; reads live shelf rows of that project.
 * Until the document shelf exists no document can be found.
 */
export function readProjectDocumentTool(_pinned: PinnedProjectContext) {
  return tool({
    description: "Read one document of this project's shelf as text, a page of characters at a time.",
    inputSchema: z.object({
      documentId: z.string().describe("the id shown in the <documents> index or by list_project_documents"),
      offset: z.number().int().optional().describe("first character to return (default 0)"),
      limit: z.number().int().optional().describe(`characters to return (default ${DEFAULT_SLICE_LIMIT}, at most ${MAX_SLICE_LIMIT})`),
    }),
    execute: async ({ documentId }) => ({ error: `No document with id ${JSON.stringify(documentId)} is on this project's shelf.` }),
  });
}
