import type { ThreadMessage } from "./thread-message";
import { extractSources } from "./extract-sources";

/** The assistant message as stored: its sources recomputed from its own (delivered) parts. */
export function withSources(message: ThreadMessage): ThreadMessage {
  const { sources: _streamed, ...metadata } = message.metadata ?? {};
  const sources = message.role === "assistant" ? extractSources(message.parts) : [];
  return { ...message, metadata: sources.length ? { ...metadata, sources } : metadata };
}
