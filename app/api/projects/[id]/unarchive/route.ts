import { tokenRoute } from "@/lib/endpoints/route";
import { setProjectStatus } from "@/lib/projects/set-project-status";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/unarchive – set the project's status back to active
export const POST = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ project: await setProjectStatus({ userId: user.id, projectId: params.id, status: "active" }) }),
);
