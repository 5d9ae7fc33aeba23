import { z } from "zod";
import { documentBytesResponse, documentMarkdownResponse } from "@/lib/documents/get-document-content";
import { authedRoute, readQuery } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const query = z.object({
  download: z.enum(["true", "false"]).default("false"),
  as: z.enum(["markdown"]).optional(),
});

// GET /api/projects/{id}/documents/{docId}/content – the original bytes, or `as=markdown` its text
export const GET = authedRoute<{ id: string; docId: string }>(async ({ url, user, params }) => {
  const { download, as } = readQuery(url, query);
  const ref = { userId: user.id, projectId: params.id, documentId: params.docId };
  if (as === "markdown") return documentMarkdownResponse(ref);
  return documentBytesResponse({ ...ref, download: download === "true" });
});
