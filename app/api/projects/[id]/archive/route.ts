import { tokenRoute } from "@/lib/endpoints/route";
import { setProjectStatus } from "@/lib/projects/set-project-status";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/archive – set the project's status to archived
export const POST = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ project: await setProjectStatus({ userId: user.id, projectId: params.id, status: "archived" }) }),
);
