import { z } from "zod";
import { uploadDocument } from "@/lib/documents/upload-document";
import { DOCUMENT_LIST_DEFAULT_LIMIT, DOCUMENT_LIST_MAX_LIMIT, listDocuments } from "@/lib/documents/list-documents";
import { SEARCH_QUERY_MAX_CHARS } from "@/lib/documents/search-text";
import { defaultOrderOf, SHELF_SORTS } from "@/lib/documents/shelf-order";
import { pagingSchema } from "@/lib/http/paging";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

const query = pagingSchema({ maxLimit: DOCUMENT_LIST_MAX_LIMIT, defaultLimit: DOCUMENT_LIST_DEFAULT_LIMIT })
  .extend({
    cursor: z.string().min(1).max(2000).optional(),
    sort: z.enum(SHELF_SORTS).default("updated"),
    order: z.enum(["asc", "desc"]).optional(),
    // Counted in code points, like every character offset the API gives.
    q: z
      .string()
      .refine(
        (value) => [...value].length >= 1 && [...value].length <= SEARCH_QUERY_MAX_CHARS,
        `1 to ${SEARCH_QUERY_MAX_CHARS} characters`,
      )
      .optional(),
  })
  .refine((value) => !(value.cursor && value.offset > 0), {
    path: ["offset"],
    message: "use either cursor or offset, not both",
  });

// GET /api/projects/{id}/documents – one page of the shelf: sorted, searched, by cursor or offset
export const GET = tokenRoute<{ id: string }>(async ({ url, user, params }) => {
  const { limit, offset, cursor, sort, order, q } = readQuery(url, query);
  return Response.json(
    await listDocuments({
      userId: user.id,
      projectId: params.id,
      limit,
      offset,
      cursor,
      sort,
      order: order ?? defaultOrderOf(sort),
      q,
    }),
  );
});

// POST /api/projects/{id}/documents – upload one `file` (optional `name`); 200 on a dedup hit
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const result = await uploadDocument({ userId: user.id, projectId: params.id, req });
  return Response.json(result, { status: result.deduplicated ? 200 : 201 });
});
