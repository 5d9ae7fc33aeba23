import { moveThreadBody } from "@/lib/api-schemas/threads";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { moveThread } from "@/lib/threads/move-thread";

export const dynamic = "force-dynamic";

// POST /api/threads/{id}/move – into an active project of the caller's, or out (null)
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const { projectId } = await readJsonBody(req, moveThreadBody);
  return Response.json({ thread: await moveThread({ userId: user.id, threadId: params.id, projectId }) });
});
