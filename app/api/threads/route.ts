import { z } from "zod";
import { tokenRoute, readJsonBody, readQuery } from "@/lib/endpoints/route";
import { pagingSchema } from "@/lib/http/paging";
import { createThread } from "@/lib/threads/create-thread";
import { listThreads } from "@/lib/threads/list-threads";
import { threadTitleSchema } from "@/lib/threads/thread-fields";

export const dynamic = "force-dynamic";

const listQuery = pagingSchema({ maxLimit: 200, defaultLimit: 50 }).extend({ projectId: z.string().min(1).optional() });
const createBody = z.object({ projectId: z.string().min(1).nullish(), title: threadTitleSchema.optional() });

// GET /api/threads – the caller's chats, newest first, optionally of one project
export const GET = tokenRoute(async ({ user, url }) => {
  const query = readQuery(url, listQuery);
  return Response.json(await listThreads({ userId: user.id, ...query }));
});

// POST /api/threads – start a chat, optionally in a project
export const POST = tokenRoute(async ({ req, user }) => {
  const body = await readJsonBody(req, createBody);
  return Response.json({ thread: await createThread({ userId: user.id, ...body }) }, { status: 201 });
});
