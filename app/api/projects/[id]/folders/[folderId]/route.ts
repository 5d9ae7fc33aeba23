import { updateFolderBody } from "@/lib/api-schemas/folders";
import { tokenRoute, noContent, readJsonBody } from "@/lib/endpoints/route";
import { deleteFolder } from "@/lib/folders/delete-folder";
import { updateFolder } from "@/lib/folders/update-folder";

export const dynamic = "force-dynamic";

// PATCH /api/projects/{id}/folders/{folderId} – rename and/or move, with everything inside
export const PATCH = tokenRoute<{ id: string; folderId: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, updateFolderBody);
  const folder = await updateFolder({ userId: user.id, projectId: params.id, folderId: params.folderId, ...body });
  return Response.json({ folder });
});

// DELETE /api/projects/{id}/folders/{folderId} – delete; its documents go to the trash
export const DELETE = tokenRoute<{ id: string; folderId: string }>(async ({ user, params }) => {
  await deleteFolder({ userId: user.id, projectId: params.id, folderId: params.folderId });
  return noContent();
});
