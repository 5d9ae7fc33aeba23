import { describeProjectContext } from "@/lib/runs/preview/describe-project-context";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/context – what the next run of a chat in this project receives (the Instructions tab's summary)
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json(await describeProjectContext({ projectId: params.id, userId: user.id })),
);
