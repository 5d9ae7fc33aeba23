import { threadArtifactUrl, type ThreadFileKind } from "@/lib/client/api";

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
