import type { UIMessageChunk } from "ai";

// A provider connection that breaks mid-answer ("other side closed") surfaces as a read error of
// the UI message stream itself, not as an error part the SDK's onError turns into a chunk. Left
// alone it would tear down the HTTP response and skip the run's record. Here it becomes what
// every other failure is: one `error` chunk with a readable text, then the stream's normal end,
// so the client sees the reason and the run is settled as failed with its partial answer.

export function endWithErrorChunk(
  source: ReadableStream<UIMessageChunk>,
  describe: (error: unknown) => string,
): ReadableStream<UIMessageChunk> {
  const reader = source.getReader();
  return new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          controller.enqueue({ type: "error", errorText: describe(error) });
          controller.close();
        }
      },
      async cancel(reason) {
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
