import { getThreadSummary } from "@/lib/threads/get-thread-summary";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/summary – the summary the model reads instead of the older turns
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ summary: await getThreadSummary({ userId: user.id, threadId: params.id }) }),
);
