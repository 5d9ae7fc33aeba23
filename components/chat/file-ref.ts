import type { ThreadFileKind } from "./chat-api";

/** A thread file as the chat refers to it: enough to preview, download or show a chip. */
export interface FileRef {
  kind: ThreadFileKind;
  filename: string;
  sizeBytes?: number;
}
