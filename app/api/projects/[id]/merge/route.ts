import { mergeProjectBody } from "@/lib/api-schemas/reshape";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { mergeProject } from "@/lib/reshape/merge-project";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/merge – move everything of this project into another, then keep, archive or delete it
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, mergeProjectBody);
  return Response.json(await mergeProject({ userId: user.id, projectId: params.id, ...body }));
});
