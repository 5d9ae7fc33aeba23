import { tool } from "ai";
import { z } from "zod";
import type { PinnedProjectContext } from "../pinned-context";

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

/**
 * Registered only for runs with a pinned project. The project id will come from `pinned`,
 * never from the model's arguments. Until the document shelf exists every shelf is empty,
 * and that is what this reports.
 */
export function listProjectDocumentsTool(_pinned: PinnedProjectContext) {
  return tool({
    description: "List the documents on this project's shelf, newest first, a page at a time.",
    inputSchema: z.object({
      offset: z.number().int().min(0).optional().describe("first document to return (default 0)"),
      limit: z.number().int().optional().describe(`documents to return (default ${LIST_LIMIT_DEFAULT}, at most ${LIST_LIMIT_MAX})`),
    }),
    execute: async ({ offset = 0 }) => ({ total: 0, offset, nextOffset: null, documents: [] }),
  });
}
