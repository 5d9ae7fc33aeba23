import { readSearchStatus } from "@/lib/search/read-search-status";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/search-status – how far the shelf's search index is: passages, documents waiting, vectors
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json(await readSearchStatus({ projectId: params.id, userId: user.id })),
);
