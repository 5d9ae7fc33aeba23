import type { UIMessage } from "ai";
import type { ModelNotice } from "@/lib/models/model-notice";
import type { McpNotice } from "./mcp-parts";

// The UI message shape stored in a thread's history and streamed to the browser.

export interface AttachedFile {
  filename: string;
  sizeBytes: number;
  virtualPath: string;
  /** Image uploads only: the original's size (the model is sent its prepared copy). */
  image?: { width: number; height: number };
}

/** [start, end) in characters (code points) of the text a read tool returned. */
export type SourceRange = [number, number];

/** A document or thread file the agent read in a turn (lib/thread-messages/extract-sources.ts). */
export interface StoredSource {
  kind: "document" | "upload" | "output";
  documentId?: string;
  name: string;
  ranges: SourceRange[];
}

/** A passage an answer cites as [n] (lib/thread-messages/extract-citations.ts). */
export interface StoredCitation {
  n: number;
  kind: "document" | "upload" | "output";
  /** The shelf document; null for a chat file. */
  documentId: string | null;
  name: string;
  /** [start, end) in characters (code points) of the document's or file's text. */
  start: number;
  end: number;
  /** 1-based page of a PDF, else null. */
  page: number | null;
  /** The passage's text (at most 300 characters). */
  quote: string;
}

export interface ThreadMessageMetadata {
  /** Files the user attached in this turn (user messages only). */
  attachments?: AttachedFile[];
  createdAt?: string;
  /** What the agent read in this turn (assistant messages only; extract-sources.ts). */
  sources?: (StoredSource & { available?: boolean })[];
  /** The passages its text cites as [n] (assistant messages only; extract-citations.ts). */
  citations?: (StoredCitation & { available?: boolean })[];
  /** The model that wrote this answer (assistant messages only). */
  modelId?: string;
  /** What the person should know about that model for this answer (assistant messages only). */
  notices?: ModelNotice[];
  /** The turn's images were not shown to the model: it cannot see images (assistant messages only). */
  imagesOmitted?: boolean;
  /** MCP servers or tools the run left out (assistant messages only). */
  mcpNotices?: McpNotice[];
}

export type ThreadMessage = UIMessage<ThreadMessageMetadata>;
