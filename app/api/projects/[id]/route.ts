import { updateProjectBody } from "@/lib/api-schemas/projects";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { deleteProject } from "@/lib/projects/delete-project";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { updateProject } from "@/lib/projects/update-project";

export const dynamic = "force-dynamic";

// GET /api/projects/{id} – one project
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ project: await getProjectOrThrow({ projectId: params.id, userId: user.id }) }),
);

// PATCH /api/projects/{id} – rename and/or edit instructions
export const PATCH = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, updateProjectBody);
  return Response.json({ project: await updateProject({ userId: user.id, projectId: params.id, ...body }) });
});

// DELETE /api/projects/{id} – delete; threads are kept and unlinked
export const DELETE = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json(await deleteProject({ userId: user.id, projectId: params.id })),
);
