import { tokenRoute } from "@/lib/endpoints/route";
import { listOwnedThreadFiles } from "@/lib/thread-files/list-owned-thread-files";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/outputs – the files the agent wrote in this chat, by name
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ files: await listOwnedThreadFiles({ userId: user.id, threadId: params.id, kind: "output" }) }),
);
