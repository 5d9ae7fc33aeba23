import { artifactUrl, type ThreadFile } from "@/components/chat/chat-api";
import type { PreviewFile } from "@/components/chat/preview-file";

/** A chat's upload or output as the shared preview dialog shows it, read from the chat's artifacts. */
export function threadFilePreviewFile(threadId: string, file: ThreadFile, subtitle: string): PreviewFile {
  return {
    name: file.filename,
    url: artifactUrl(threadId, file.kind, file.filename),
    downloadUrl: artifactUrl(threadId, file.kind, file.filename, true),
    subtitle,
  };
}
