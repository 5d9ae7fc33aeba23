import type { ThreadMessage } from "./thread-message";
import { extractCitations } from "./extract-citations";
import { extractSources } from "./extract-sources";

/**
 * The assistant message as stored: its sources and citations recomputed from its own
 * (delivered) parts, so a stopped answer cites only what was shown of it.
 */
export function withSources(message: ThreadMessage): ThreadMessage {
  const { sources: _streamed, citations: _cited, ...metadata } = message.metadata ?? {};
  if (message.role !== "assistant") return { ...message, metadata };
  const sources = extractSources(message.parts);
  const citations = extractCitations(message.parts);
  return {
    ...message,
    metadata: { ...metadata, ...(sources.length ? { sources } : {}), ...(citations.length ? { citations } : {}) },
  };
}
