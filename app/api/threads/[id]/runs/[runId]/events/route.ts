import { listRunEvents } from "@/lib/runs/list-runs";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/runs/{runId}/events – the run's audit events
export const GET = tokenRoute<{ id: string; runId: string }>(async ({ user, params }) =>
  Response.json({ events: await listRunEvents({ userId: user.id, threadId: params.id, runId: params.runId }) }),
);
