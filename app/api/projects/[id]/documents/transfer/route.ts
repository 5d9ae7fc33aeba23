import { transferDocumentsBody } from "@/lib/api-schemas/reshape";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { transferDocuments } from "@/lib/reshape/transfer-documents";

export const dynamic = "force-dynamic";

// POST /api/projects/{id}/documents/transfer – copy or move documents and folders to another project
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, transferDocumentsBody);
  return Response.json(await transferDocuments({ userId: user.id, projectId: params.id, ...body }));
});
