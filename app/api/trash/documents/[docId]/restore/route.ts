import { restoreDocumentBody } from "@/lib/api-schemas/trash";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { restoreDocument } from "@/lib/trash/restore-document";

export const dynamic = "force-dynamic";

// POST /api/trash/documents/{docId}/restore – back onto a shelf: "restored", or "merged" into identical bytes
export const POST = tokenRoute<{ docId: string }>(async ({ req, user, params }) => {
  const { projectId } = await readJsonBody(req, restoreDocumentBody);
  return Response.json(await restoreDocument({ userId: user.id, documentId: params.docId, projectId }));
});
