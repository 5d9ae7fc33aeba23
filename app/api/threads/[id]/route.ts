import { z } from "zod";
import { tokenRoute, noContent, readJsonBody } from "@/lib/http/route";
import { deleteThread } from "@/lib/threads/delete-thread";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { renameThread } from "@/lib/threads/rename-thread";
import { threadTitleSchema } from "@/lib/threads/thread-fields";

export const dynamic = "force-dynamic";

const patchBody = z.object({ title: threadTitleSchema });

// GET /api/threads/{id} – one chat
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ thread: await getThreadOrThrow({ threadId: params.id, userId: user.id }) }),
);

// PATCH /api/threads/{id} – rename
export const PATCH = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const { title } = await readJsonBody(req, patchBody);
  return Response.json({ thread: await renameThread({ userId: user.id, threadId: params.id, title }) });
});

// DELETE /api/threads/{id} – delete the chat and its history
export const DELETE = tokenRoute<{ id: string }>(async ({ user, params }) => {
  await deleteThread({ userId: user.id, threadId: params.id });
  return noContent();
});
