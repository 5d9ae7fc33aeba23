import { createProjectBody, listProjectsQuery } from "@/lib/api-schemas/projects";
import { tokenRoute, readJsonBody, readQuery } from "@/lib/endpoints/route";
import { createProject } from "@/lib/projects/create-project";
import { listProjects } from "@/lib/projects/list-projects";

export const dynamic = "force-dynamic";

// GET /api/projects – the caller's projects, newest activity first
export const GET = tokenRoute(async ({ user, url }) => {
  const { status } = readQuery(url, listProjectsQuery);
  return Response.json({ projects: await listProjects({ userId: user.id, status }) });
});

// POST /api/projects – create a project
export const POST = tokenRoute(async ({ req, user }) => {
  const body = await readJsonBody(req, createProjectBody);
  const project = await createProject({ userId: user.id, ...body });
  return Response.json({ project }, { status: 201 });
});
