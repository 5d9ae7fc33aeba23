import { uploadDocument } from "@/lib/documents/upload-document";
import { DOCUMENT_LIST_DEFAULT_LIMIT, DOCUMENT_LIST_MAX_LIMIT, listDocuments } from "@/lib/documents/list-documents";
import { pagingSchema } from "@/lib/http/paging";
import { authedRoute, readQuery } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const paging = pagingSchema({ maxLimit: DOCUMENT_LIST_MAX_LIMIT, defaultLimit: DOCUMENT_LIST_DEFAULT_LIMIT });

// GET /api/projects/{id}/documents – the shelf, newest first (archived projects too)
export const GET = authedRoute<{ id: string }>(async ({ url, user, params }) => {
  const { limit, offset } = readQuery(url, paging);
  return Response.json(await listDocuments({ userId: user.id, projectId: params.id, limit, offset }));
});

// POST /api/projects/{id}/documents – upload one `file` (optional `name`); 200 on a dedup hit
export const POST = authedRoute<{ id: string }>(async ({ req, user, params }) => {
  const result = await uploadDocument({ userId: user.id, projectId: params.id, req });
  return Response.json(result, { status: result.deduplicated ? 200 : 201 });
});
