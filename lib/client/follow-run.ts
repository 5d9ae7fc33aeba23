import { parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from "ai";
import { ApiError, readApiError } from "@/lib/client/api";

/**
 * A chat's run as any instance serves it (GET /api/threads/{id}/runs/{runId}/stream): what it
 * has written so far, then live until it is recorded. Resolves once the server has answered;
 * a refusal (a run that is gone: 404) is thrown as an ApiError before any chunk.
 */
export async function followRun(
  threadId: string,
  runId: string,
  signal?: AbortSignal,
): Promise<ReadableStream<UIMessageChunk>> {
  let response: Response;
  try {
    response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/runs/${encodeURIComponent(runId)}/stream`, {
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, { code: "network", message: "The server could not be reached." });
  }
  if (!response.ok) throw await readApiError(response);
  if (!response.body)
    throw new ApiError(response.status, { code: "internal", message: "The reply's stream is empty." });
  return parseJsonEventStream({ stream: response.body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        if (!chunk.success) throw chunk.error;
        controller.enqueue(chunk.value as UIMessageChunk);
      },
    }),
  );
}
