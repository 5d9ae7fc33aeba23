import { createThreadBody, listThreadsQuery } from "@/lib/api-schemas/threads";
import { tokenRoute, readJsonBody, readQuery } from "@/lib/endpoints/route";
import { createThread } from "@/lib/threads/create-thread";
import { listThreads } from "@/lib/threads/list-threads";

export const dynamic = "force-dynamic";

// GET /api/threads – the caller's chats, newest first, optionally of one project
export const GET = tokenRoute(async ({ user, url }) => {
  const query = readQuery(url, listThreadsQuery);
  return Response.json(await listThreads({ userId: user.id, ...query }));
});

// POST /api/threads – start a chat, optionally in a project
export const POST = tokenRoute(async ({ req, user }) => {
  const body = await readJsonBody(req, createThreadBody);
  return Response.json({ thread: await createThread({ userId: user.id, ...body }) }, { status: 201 });
});
