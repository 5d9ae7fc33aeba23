import { describeRunContext } from "@/lib/runs/preview/describe-run-context";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/context – what the next run on the thread receives (instructions, index, omitted documents)
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json(await describeRunContext({ threadId: params.id, userId: user.id })),
);
