import type { UIMessageChunk } from "ai";

/**
 * A stream that reads one chunk of `source` per read asked of it and hands it to `onChunk`,
 * which enqueues what goes out in its place: the chunk itself, and anything before or after
 * it. A TransformStream would cost a pipe and a chunk of read-ahead on the path of every chunk
 * of every answer; this costs neither. Cancelling it cancels the source.
 */
export function mapChunks(
  source: ReadableStream<UIMessageChunk>,
  onChunk: (chunk: UIMessageChunk, enqueue: (chunk: UIMessageChunk) => void) => void,
): ReadableStream<UIMessageChunk> {
  const reader = source.getReader();
  return new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        const next = await reader.read();
        if (next.done) controller.close();
        else onChunk(next.value, (chunk) => controller.enqueue(chunk));
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
