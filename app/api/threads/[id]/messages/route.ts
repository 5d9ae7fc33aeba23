import { listThreadMessages } from "@/lib/thread-messages/list-thread-messages";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/messages – the persisted history (never the project context message)
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ messages: await listThreadMessages({ userId: user.id, threadId: params.id }) }),
);
