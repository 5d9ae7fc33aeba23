import { tokenRoute } from "@/lib/endpoints/route";
import { listOwnedThreadFiles } from "@/lib/thread-files/list-owned-thread-files";
import { receiveThreadUploads } from "@/lib/thread-files/receive-thread-uploads";

export const dynamic = "force-dynamic";

// POST /api/threads/{id}/uploads – stream one or more `files` parts into the chat's uploads
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const files = await receiveThreadUploads({ userId: user.id, threadId: params.id, req });
  return Response.json({ files }, { status: 201 });
});

// GET /api/threads/{id}/uploads – the chat's uploads, by name
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ files: await listOwnedThreadFiles({ userId: user.id, threadId: params.id, kind: "upload" }) }),
);
