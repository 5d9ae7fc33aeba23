import { projectThreadFilesQuery } from "@/lib/api-schemas/thread-files";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import { listProjectThreadFiles } from "@/lib/thread-files/list-project-thread-files";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/thread-files – the uploads and outputs of the project's chats, grouped by chat
export const GET = tokenRoute<{ id: string }>(async ({ url, user, params }) => {
  const page = readQuery(url, projectThreadFilesQuery);
  return Response.json(await listProjectThreadFiles({ userId: user.id, projectId: params.id, ...page }));
});
