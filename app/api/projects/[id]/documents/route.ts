import { listDocumentsQuery } from "@/lib/api-schemas/documents";
import { uploadDocument } from "@/lib/documents/upload-document";
import { listDocuments } from "@/lib/documents/list-documents";
import { defaultOrderOf } from "@/lib/documents/shelf-order";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/documents – one page of the shelf: sorted, searched, by cursor or offset
export const GET = tokenRoute<{ id: string }>(async ({ url, user, params }) => {
  const { limit, offset, cursor, order, q, folderId, ...query } = readQuery(url, listDocumentsQuery);
  const sort = query.sort ?? (q === undefined ? "updated" : "relevance");
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
      folderId,
    }),
  );
});

// POST /api/projects/{id}/documents – upload one `file` (optional `name`, `path`); 200 on a dedup hit
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const result = await uploadDocument({ userId: user.id, projectId: params.id, req });
  return Response.json(result, { status: result.deduplicated ? 200 : 201 });
});
