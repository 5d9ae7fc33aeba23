import type { UIMessageChunk } from "ai";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { extractSources } from "@/lib/thread-messages/extract-sources";
import { mapChunks } from "./map-chunks";

type Part = ThreadMessage["parts"][number];

/**
 * Sends the turn's sources to the client as message metadata just before the stream's
 * `finish`, read off the same tool chunks the client renders, so a live answer shows its
 * Sources row without a reload. The stored message gets them from its own parts. One chunk per
 * read asked of it (map-chunks.ts).
 */
export function withSourcesMetadata(stream: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk> {
  const calls = new Map<string, { toolName: string; input: unknown; output?: unknown }>();
  return mapChunks(stream, (chunk, enqueue) => {
    if (chunk.type === "tool-input-available")
      calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
    else if (chunk.type === "tool-output-available") {
      const call = calls.get(chunk.toolCallId);
      if (call) call.output = chunk.output;
    } else if (chunk.type === "finish") {
      const parts = [...calls.entries()]
        .filter(([, call]) => call.output !== undefined)
        .map(
          ([toolCallId, call]) =>
            ({
              type: `tool-${call.toolName}`,
              toolCallId,
              state: "output-available",
              input: call.input,
              output: call.output,
            }) as Part,
        );
      const sources = extractSources(parts);
      if (sources.length) enqueue({ type: "message-metadata", messageMetadata: { sources } });
    }
    enqueue(chunk);
  });
}
