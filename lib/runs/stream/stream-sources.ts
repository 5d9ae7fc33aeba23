import type { UIMessageChunk } from "ai";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { extractSources } from "@/lib/thread-messages/extract-sources";
import { mapChunks } from "./map-chunks";

type Part = ThreadMessage["parts"][number];

/**
 * Sends the turn's sources to the client as message metadata as each read completes (right
 * after its tool result), read off the same tool chunks the client renders, so a live answer
 * shows its Sources row, and its citation chips their documents, while it is still written.
 * The stored message gets them from its own parts. One chunk per read asked of it
 * (map-chunks.ts).
 */
export function withSourcesMetadata(stream: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk> {
  const calls = new Map<string, { toolName: string; input: unknown; output?: unknown }>();
  let sent = "";
  return mapChunks(stream, (chunk, enqueue) => {
    if (chunk.type === "tool-input-available") {
      calls.set(chunk.toolCallId, { toolName: chunk.toolName, input: chunk.input });
      enqueue(chunk);
      return;
    }
    if (chunk.type !== "tool-output-available") {
      enqueue(chunk);
      return;
    }
    const call = calls.get(chunk.toolCallId);
    enqueue(chunk);
    if (!call) return;
    call.output = chunk.output;
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
    // Only when a read added to them: a search or a listing changes nothing here.
    const json = JSON.stringify(sources);
    if (sources.length && json !== sent) {
      sent = json;
      enqueue({ type: "message-metadata", messageMetadata: { sources } });
    }
  });
}
