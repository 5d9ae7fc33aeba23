import { artifactDownloadUrl, type ThreadFile } from "@/lib/client/api";
import type { PreviewFile } from "@/components/chat/preview-file";

/** A chat's upload or output as the shared preview dialog shows it, read from the chat's artifacts. */
export function threadFilePreviewFile(threadId: string, file: ThreadFile, subtitle: string): PreviewFile {
  return {
    name: file.filename,
    url: file.artifactUrl,
    downloadUrl: artifactDownloadUrl(file.artifactUrl),
    subtitle,
  };
}
