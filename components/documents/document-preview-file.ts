import type { PreviewFile } from "@/components/files/preview-file";
import { documentContentUrl, type ProjectDocument } from "@/lib/client/api";

/** A shelf document as the shared preview dialog shows it; office files read as converted text. */
export function documentPreviewFile(
  document: Pick<ProjectDocument, "id" | "projectId" | "name">,
  subtitle: string,
): PreviewFile {
  return {
    name: document.name,
    url: documentContentUrl(document),
    downloadUrl: documentContentUrl(document, { download: true }),
    markdownUrl: documentContentUrl(document, { markdown: true }),
    subtitle,
  };
}
