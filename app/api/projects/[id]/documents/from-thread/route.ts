import { saveFromThreadBody } from "@/lib/api-schemas/documents";
import { saveThreadFileToProject } from "@/lib/documents/save-thread-file";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/documents/from-thread – save a chat's upload or output to the shelf
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const input = await readJsonBody(req, saveFromThreadBody);
  const result = await saveThreadFileToProject({ userId: user.id, projectId: params.id, ...input });
  return Response.json(result, { status: result.deduplicated ? 200 : 201 });
});
