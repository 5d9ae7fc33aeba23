import { z } from "zod";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { restoreDocument } from "@/lib/trash/restore-document";

export const dynamic = "force-dynamic";

// No projectId (or null): back to the project it was trashed from, if that is still active.
const body = z.object({ projectId: z.string().min(1).nullish() });

// POST /api/trash/documents/{docId}/restore – back onto a shelf: "restored", or "merged" into identical bytes
export const POST = tokenRoute<{ docId: string }>(async ({ req, user, params }) => {
  const { projectId } = await readJsonBody(req, body);
  return Response.json(await restoreDocument({ userId: user.id, documentId: params.docId, projectId }));
});
