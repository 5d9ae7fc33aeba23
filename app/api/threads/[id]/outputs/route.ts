import { authedRoute } from "@/lib/http/route";
import { listThreadFiles } from "@/lib/thread-files/list-thread-files";
import { getThreadOrThrow } from "@/lib/threads/get-thread";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/outputs – the files the agent wrote in this chat, by name
export const GET = authedRoute<{ id: string }>(async ({ user, params }) => {
  await getThreadOrThrow({ threadId: params.id, userId: user.id });
  return Response.json({ files: await listThreadFiles({ userId: user.id, threadId: params.id, kind: "output" }) });
});
