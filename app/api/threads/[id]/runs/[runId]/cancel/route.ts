import { cancelRun } from "@/lib/runs/cancel-run";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// POST /api/threads/{id}/runs/{runId}/cancel – stop an active run on whichever instance streams it
export const POST = tokenRoute<{ id: string; runId: string }>(async ({ user, params }) =>
  Response.json({ run: await cancelRun({ userId: user.id, threadId: params.id, runId: params.runId }) }),
);
