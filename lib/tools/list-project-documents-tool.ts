import { checkedTool } from "./checked-tool";
import { z } from "zod";
import { listShelfForAgent } from "@/lib/documents/agent/list-shelf-for-agent";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { asToolResult } from "./tool-result";

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

/** Out-of-range values are clamped, not refused: the model gets a usable page. */
function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  return value === undefined ? fallback : Math.min(max, Math.max(min, Math.floor(value)));
}

// Built once per process: every run gets the same schema object, so its JSON form is converted once.
const INPUT = z.object({
  offset: z.number().int().min(0).optional().describe("first document to return (default 0)"),
  limit: z
    .number()
    .int()
    .optional()
    .describe(`documents to return (default ${LIST_LIMIT_DEFAULT}, at most ${LIST_LIMIT_MAX})`),
  folder: z
    .string()
    .max(4000)
    .optional()
    .describe("only this folder and its subfolders: a folder path as the index shows it (reports/2026)"),
});

/**
 * Registered only for runs with a pinned project. The project id and the chat's scope come from
 * `pinned`, never from the model's arguments; the rows are read live.
 */
export function listProjectDocumentsTool({ userId, pinned }: { userId: string; pinned: PinnedProjectContext }) {
  return checkedTool({
    description:
      "List the documents on this project's shelf, newest first, a page at a time, each with its folder path; optionally only one folder and its subfolders.",
    inputSchema: INPUT,
    execute: ({ offset, limit, folder }) =>
      asToolResult(() =>
        listShelfForAgent({
          userId,
          projectId: pinned.projectId,
          scope: pinned.scope,
          folder,
          offset: clamp(offset, 0, Number.MAX_SAFE_INTEGER, 0),
          limit: clamp(limit, 1, LIST_LIMIT_MAX, LIST_LIMIT_DEFAULT),
        }),
      ),
  });
}
