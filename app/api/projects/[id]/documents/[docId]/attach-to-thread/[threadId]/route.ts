import { attachDocumentToThread } from "@/lib/documents/attach-document-to-thread";
import { tokenRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/documents/{docId}/attach-to-thread/{threadId} – copy a document into a chat's uploads
export const POST = tokenRoute<{ id: string; docId: string; threadId: string }>(async ({ user, params }) => {
  const file = await attachDocumentToThread({
    userId: user.id,
    projectId: params.id,
    documentId: params.docId,
    threadId: params.threadId,
  });
  return Response.json(file, { status: 201 });
});
