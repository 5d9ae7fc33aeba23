import { trashDocument } from "@/lib/documents/trash-document";
import { tokenRoute, noContent } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// DELETE /api/projects/{id}/documents/{docId} – move the document to the trash
export const DELETE = tokenRoute<{ id: string; docId: string }>(async ({ user, params }) => {
  await trashDocument({ userId: user.id, projectId: params.id, documentId: params.docId });
  return noContent();
});
