import { artifactDownloadUrl, threadArtifactUrl, type ThreadFileKind } from "@/lib/client/api";
import type { PreviewFile } from "./preview-file";

/** A thread file as the chat refers to it: enough to preview, download or show a chip. */
export interface FileRef {
  kind: ThreadFileKind;
  filename: string;
  sizeBytes?: number;
  /** The server's URL for the bytes, when the file came from a listing (ThreadFile). */
  artifactUrl?: string;
}

/** Where the bytes of a file are: the server's own URL when known, else built from kind and name. */
export function fileRefUrl(threadId: string, file: FileRef): string {
  return file.artifactUrl ?? threadArtifactUrl(threadId, file.kind, file.filename);
}

/** A chat's upload or output as the shared preview dialog shows it, read from the chat's artifacts. */
export function fileRefPreview(threadId: string, file: FileRef, subtitle: string): PreviewFile {
  const url = fileRefUrl(threadId, file);
  return { name: file.filename, url, downloadUrl: artifactDownloadUrl(url), subtitle };
}
