import { z } from "zod";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import {
  listProjectThreadFiles,
  THREAD_FILES_DEFAULT_FILE_LIMIT,
  THREAD_FILES_DEFAULT_THREAD_LIMIT,
  THREAD_FILES_MAX_FILE_LIMIT,
  THREAD_FILES_MAX_THREAD_LIMIT,
} from "@/lib/thread-files/list-project-thread-files";

export const dynamic = "force-dynamic";

// Out-of-range values are 422, never clamped (api.md "Paging").
const query = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  threadLimit: z.coerce
    .number()
    .int()
    .min(1)
    .max(THREAD_FILES_MAX_THREAD_LIMIT)
    .default(THREAD_FILES_DEFAULT_THREAD_LIMIT),
  fileLimit: z.coerce.number().int().min(1).max(THREAD_FILES_MAX_FILE_LIMIT).default(THREAD_FILES_DEFAULT_FILE_LIMIT),
});

// GET /api/projects/{id}/thread-files – the uploads and outputs of the project's chats, grouped by chat
export const GET = tokenRoute<{ id: string }>(async ({ url, user, params }) => {
  const page = readQuery(url, query);
  return Response.json(await listProjectThreadFiles({ userId: user.id, projectId: params.id, ...page }));
});
