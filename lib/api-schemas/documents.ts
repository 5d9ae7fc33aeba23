import { z } from "zod";
import { DOCUMENT_LIST_DEFAULT_LIMIT, DOCUMENT_LIST_MAX_LIMIT } from "@/lib/documents/list-documents";
import { SEARCH_QUERY_MAX_CHARS } from "@/lib/search/search-limits";
import { SEARCH_SORTS } from "@/lib/documents/shelf-order";
import { pagingSchema } from "@/lib/http/paging";

// The request schemas of the shelf routes: the route handlers parse with these, and the
// OpenAPI document (lib/openapi) is generated from the same objects.

/** GET /api/projects/{id}/documents */
export const listDocumentsQuery = pagingSchema({
  maxLimit: DOCUMENT_LIST_MAX_LIMIT,
  defaultLimit: DOCUMENT_LIST_DEFAULT_LIMIT,
})
  .extend({
    cursor: z.string().min(1).max(2000).optional(),
    sort: z
      .enum(SEARCH_SORTS)
      .meta({
        description: "`relevance` (the default with `q`, only with `q`), `updated` (the default), `name` or `size`",
      })
      .optional(),
    folderId: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: "one folder's own documents; `root` for the root; absent: the whole shelf" })
      .optional(),
    order: z.enum(["asc", "desc"]).optional(),
    // Counted in code points, like every character offset the API gives.
    q: z
      .string()
      .refine(
        (value) => [...value].length >= 1 && [...value].length <= SEARCH_QUERY_MAX_CHARS,
        `1 to ${SEARCH_QUERY_MAX_CHARS} characters`,
      )
      .meta({ description: `1 to ${SEARCH_QUERY_MAX_CHARS} characters (code points)` })
      .optional(),
  })
  .refine((value) => !(value.cursor && value.offset > 0), {
    path: ["offset"],
    message: "use either cursor or offset, not both",
  });

/** GET /api/projects/{id}/documents/{docId}/content */
export const documentContentQuery = z.object({
  download: z.enum(["true", "false"]).default("false"),
  as: z.enum(["markdown"]).optional(),
});

/** POST /api/projects/{id}/documents/from-thread */
export const saveFromThreadBody = z.object({
  threadId: z.string().min(1),
  kind: z.enum(["upload", "output"]),
  name: z.string().min(1),
  shelfName: z.string().optional(),
});
