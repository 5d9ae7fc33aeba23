import { abortRun } from "@/lib/chat/run-registry";
import { authedRoute } from "@/lib/http/route";
import { notFound } from "@/lib/errors";

export const dynamic = "force-dynamic";

// POST /api/threads/{id}/runs/{runId}/cancel – stop an active run (the model call is aborted)
export const POST = authedRoute<{ id: string; runId: string }>(async ({ user, params }) => {
  if (!abortRun({ runId: params.runId, userId: user.id, threadId: params.id })) throw notFound();
  return Response.json({ stopped: true });
});
