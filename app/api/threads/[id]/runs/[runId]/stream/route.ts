import { createUIMessageStreamResponse } from "ai";
import { followRunStream } from "@/lib/runs/stream/follow-run-stream";
import { tokenRoute } from "@/lib/endpoints/route";
import { UI_MESSAGE_STREAM_RESPONSE_HEADERS } from "@/lib/http/ui-message-stream-response";

export const dynamic = "force-dynamic";
export const maxDuration = 600;

// GET /api/threads/{id}/runs/{runId}/stream – the run's stream so far, then live until it ends
export const GET = tokenRoute<{ id: string; runId: string }>(async ({ user, params }) => {
  const stream = await followRunStream({ userId: user.id, threadId: params.id, runId: params.runId });
  return createUIMessageStreamResponse({
    stream,
    headers: { ...UI_MESSAGE_STREAM_RESPONSE_HEADERS, "x-run-id": params.runId },
  });
});
