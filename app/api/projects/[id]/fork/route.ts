import { forkProjectBody } from "@/lib/api-schemas/reshape";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { forkProject } from "@/lib/reshape/fork-project";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/fork – a new project with this one's instructions, memory, folders and documents
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, forkProjectBody);
  const project = await forkProject({ userId: user.id, projectId: params.id, name: body.name });
  return Response.json({ project }, { status: 201 });
});
