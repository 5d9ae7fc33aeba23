import type { UIMessage } from "ai";

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
}

export type ChatMessage = UIMessage<ChatMessageMetadata>;
