import { tokenRoute, noContent } from "@/lib/endpoints/route";
import { purgeTrashedDocument } from "@/lib/trash/purge-document";

export const dynamic = "force-dynamic";

// POST /api/trash/documents/{docId}/purge – delete one trashed document for good
export const POST = tokenRoute<{ docId: string }>(async ({ user, params }) => {
  await purgeTrashedDocument({ userId: user.id, documentId: params.docId });
  return noContent();
});
