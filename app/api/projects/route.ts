import { z } from "zod";
import { tokenRoute, readJsonBody, readQuery } from "@/lib/endpoints/route";
import { createProject } from "@/lib/projects/create-project";
import { listProjects } from "@/lib/projects/list-projects";
import { projectNameSchema } from "@/lib/projects/project-fields";

export const dynamic = "force-dynamic";

const listQuery = z.object({ status: z.enum(["active", "archived", "all"]).default("all") });
const createBody = z.object({ name: projectNameSchema, instructions: z.string().optional() });

// GET /api/projects – the caller's projects, newest activity first
export const GET = tokenRoute(async ({ user, url }) => {
  const { status } = readQuery(url, listQuery);
  return Response.json({ projects: await listProjects({ userId: user.id, status }) });
});

// POST /api/projects – create a project
export const POST = tokenRoute(async ({ req, user }) => {
  const body = await readJsonBody(req, createBody);
  const project = await createProject({ userId: user.id, ...body });
  return Response.json({ project }, { status: 201 });
});
