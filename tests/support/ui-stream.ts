// Reads an AI SDK UI message stream (SSE `data: {…}` lines) from a route handler's response.

import { runStreamChunkSchema } from "@/lib/openapi/run-stream-schema";

export interface UiChunk {
  type: string;
  [key: string]: unknown;
}

export function parseUiStream(body: string): UiChunk[] {
  return body
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as UiChunk);
}

export async function readUiStream(res: Response): Promise<{ chunks: UiChunk[]; text: string }> {
  const chunks = parseUiStream(await res.text());
  const text = chunks
    .filter((c) => c.type === "text-delta")
    .map((c) => c.delta as string)
    .join("");
  return { chunks, text };
}

/** The chunks the OpenAPI document's RunStreamChunk schema does not admit (an undeclared answer). */
export function undeclaredChunks(chunks: UiChunk[]): UiChunk[] {
  return chunks.filter((chunk) => !runStreamChunkSchema.safeParse(chunk).success);
}
