import { pagingSchema } from "@/lib/http/paging";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import {
  listTrashedDocuments,
  TRASH_LIST_DEFAULT_LIMIT,
  TRASH_LIST_MAX_LIMIT,
} from "@/lib/trash/list-trashed-documents";

export const dynamic = "force-dynamic";

const paging = pagingSchema({ maxLimit: TRASH_LIST_MAX_LIMIT, defaultLimit: TRASH_LIST_DEFAULT_LIMIT });

// GET /api/trash/documents – the caller's trashed documents, after the lazy sweep
export const GET = tokenRoute(async ({ url, user }) => {
  const { limit, offset } = readQuery(url, paging);
  return Response.json(await listTrashedDocuments({ userId: user.id, limit, offset }));
});
