import { listTrashQuery } from "@/lib/api-schemas/trash";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import { listTrashedDocuments } from "@/lib/trash/list-trashed-documents";

export const dynamic = "force-dynamic";

// GET /api/trash/documents – the caller's trashed documents, after the lazy sweep
export const GET = tokenRoute(async ({ url, user }) => {
  const { limit, offset } = readQuery(url, listTrashQuery);
  return Response.json(await listTrashedDocuments({ userId: user.id, limit, offset }));
});
