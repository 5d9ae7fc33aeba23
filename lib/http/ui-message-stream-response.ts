import { UI_MESSAGE_STREAM_HEADERS, type UIMessageChunk } from "ai";

/**
 * The SDK's Server-Sent Events headers plus `no-transform`, which keeps `next start`'s gzip
 * (and any proxy's) off the stream: gzip held a run's first chunks for ~25 ms behind its
 * flushes, measured by `npm run bench -- first-byte`, and the chunks are tiny anyway.
 */
export const UI_MESSAGE_STREAM_RESPONSE_HEADERS = {
  ...UI_MESSAGE_STREAM_HEADERS,
  "cache-control": "no-cache, no-transform",
};

/**
 * An AI SDK UI message stream as a Server-Sent Events response, like the SDK's
 * createUIMessageStreamResponse but encoding each chunk inside the read that asks for it:
 * the SDK's transform chain reads a few chunks ahead of the socket, and a run stores exactly
 * what it handed over (lib/runs/stream/deliver-run-stream.ts).
 */
export function uiMessageStreamResponse(
  stream: ReadableStream<UIMessageChunk>,
  headers: Record<string, string> = {},
): Response {
  const reader = stream.getReader();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.enqueue(encoder.encode("data: [DONE]\n\n"));
          controller.close();
        } else {
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(value)}\n\n`));
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { ...UI_MESSAGE_STREAM_RESPONSE_HEADERS, ...headers } });
}
