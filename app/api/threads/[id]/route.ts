import { updateThreadBody } from "@/lib/api-schemas/threads";
import { tokenRoute, noContent, readJsonBody } from "@/lib/endpoints/route";
import { deleteThread } from "@/lib/threads/delete-thread";
import { getThreadOrThrow } from "@/lib/threads/get-thread";
import { renameThread } from "@/lib/threads/rename-thread";
import { setThreadModel } from "@/lib/threads/set-thread-model";
import { setThreadScope } from "@/lib/folders/set-thread-scope";

export const dynamic = "force-dynamic";

// GET /api/threads/{id} – one chat
export const GET = tokenRoute<{ id: string }>(async ({ user, params }) =>
  Response.json({ thread: await getThreadOrThrow({ threadId: params.id, userId: user.id }) }),
);

// PATCH /api/threads/{id} – rename, choose the model, set the scope (the model first: an
// unknown one is a 422 that leaves the title alone too)
export const PATCH = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const { title, modelId, scope } = await readJsonBody(req, updateThreadBody);
  let thread = modelId !== undefined ? await setThreadModel({ userId: user.id, threadId: params.id, modelId }) : null;
  if (scope !== undefined) thread = await setThreadScope({ userId: user.id, threadId: params.id, scope });
  if (title !== undefined) thread = await renameThread({ userId: user.id, threadId: params.id, title });
  return Response.json({ thread });
});

// DELETE /api/threads/{id} – delete the chat and its history
export const DELETE = tokenRoute<{ id: string }>(async ({ user, params }) => {
  await deleteThread({ userId: user.id, threadId: params.id });
  return noContent();
});
