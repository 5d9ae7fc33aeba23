import { listRuns } from "@/lib/runs/list-runs";
import { runRequestSchema, toRunTrigger } from "@/lib/runs/run-request";
import { startRun } from "@/lib/runs/start-run";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { uiMessageStreamResponse } from "@/lib/http/ui-message-stream-response";

export const dynamic = "force-dynamic";
export const maxDuration = 600;

// POST /api/threads/{id}/runs – send a message (or regenerate) and stream the answer
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, runRequestSchema);
  const { runId, stream, stages } = await startRun({
    userId: user.id,
    threadId: params.id,
    trigger: toRunTrigger(body),
    signal: req.signal,
  });
  return uiMessageStreamResponse(stream, {
    "x-run-id": runId,
    // Where the time before the first byte went (npm run bench reads it): the model catalog's
    // read, admission's transaction (the chat's model and project included), and building the
    // run up to the model call.
    "server-timing": Object.entries(stages)
      .map(([stage, ms]) => `${stage};dur=${ms.toFixed(1)}`)
      .join(", "),
  });
});

// GET /api/threads/{id}/runs – the thread's runs, newest first
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ runs: await listRuns({ userId: user.id, threadId: params.id }) }),
);
