import { trashDocument } from "@/lib/documents/trash-document";
import { moveDocumentBody } from "@/lib/api-schemas/folders";
import { moveDocument } from "@/lib/documents/move-document";
import { tokenRoute, noContent, readJsonBody } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// DELETE /api/projects/{id}/documents/{docId} – move the document to the trash
export const DELETE = tokenRoute<{ id: string; docId: string }>(async ({ user, params }) => {
  await trashDocument({ userId: user.id, projectId: params.id, documentId: params.docId });
  return noContent();
});

// PATCH /api/projects/{id}/documents/{docId} – move the document into a folder (null: the root)
export const PATCH = tokenRoute<{ id: string; docId: string }>(async ({ req, user, params }) => {
  const { folderId } = await readJsonBody(req, moveDocumentBody);
  const document = await moveDocument({ userId: user.id, projectId: params.id, documentId: params.docId, folderId });
  return Response.json({ document });
});
