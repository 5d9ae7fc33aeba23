import type { UIMessage } from "ai";
import type { StoredSource } from "./extract-sources";

// The UI message shape stored in a thread's history and streamed to the browser.

export interface AttachedFile {
  filename: string;
  sizeBytes: number;
  virtualPath: string;
}

export interface ChatMessageMetadata {
  /** Files the user attached in this turn (user messages only). */
  attachments?: AttachedFile[];
  createdAt?: string;
  /** What the agent read in this turn (assistant messages only; extract-sources.ts). */
  sources?: (StoredSource & { available?: boolean })[];
}

export type ChatMessage = UIMessage<ChatMessageMetadata>;
