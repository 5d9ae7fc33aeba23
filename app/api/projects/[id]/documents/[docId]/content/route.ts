import { documentContentQuery } from "@/lib/api-schemas/documents";
import { getDocumentMarkdown, getDocumentOriginal } from "@/lib/documents/get-document-content";
import { fileResponse } from "@/lib/http/file-response";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import { API_CONTENT_SECURITY_POLICY } from "@/lib/http/security-headers";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/documents/{docId}/content – the original bytes, or `as=markdown` its text
export const GET = tokenRoute<{ id: string; docId: string }>(async ({ url, user, params }) => {
  const { download, as } = readQuery(url, documentContentQuery);
  const ref = { userId: user.id, projectId: params.id, documentId: params.docId };
  if (as === "markdown") {
    return new Response(await getDocumentMarkdown(ref), {
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
        "Cache-Control": "private, no-store",
      },
    });
  }
  // The served type and disposition of thread files: inline for text/PDF/images, HTML/XHTML/SVG always attachment.
  const { name, sizeBytes, stream } = await getDocumentOriginal(ref);
  return fileResponse({ name, sizeBytes, body: stream, download: download === "true" });
});
