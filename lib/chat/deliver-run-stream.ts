import { readUIMessageStream, type UIMessageChunk } from "ai";
import type { ChatMessage } from "./chat-message";

// Stop is honest (design "Sources and context", issue: after Stop the reply on screen is the
// stored text): the run's answer is stored as the chunks the consumer actually took, not as
// everything the model produced. The stream hands over one chunk per read and nothing ahead
// (highWaterMark 0), so "taken" means given to the HTTP response or the server action's
// serialiser; a response built by ui-message-stream-response.ts reads ahead of nothing either.

export interface DeliveredRunStream {
  /** The chunks for the client; cancelling it aborts the run. */
  stream: ReadableStream<UIMessageChunk>;
  /**
   * The assistant message assembled from exactly the chunks handed over, settled once the
   * consumer has read to the end or gone away; null when not even its start was handed over.
   */
  delivered: Promise<ChatMessage | null>;
}

export function deliverRunStream(
  source: ReadableStream<UIMessageChunk>,
  {
    onCancel,
    recorded: runRecorded = Promise.resolve(),
    onFirstContent,
  }: {
    onCancel: () => void;
    /**
     * Settles once the run's record is written from `delivered`. The client's stream ends only
     * after it, so a client that sends its next message the moment the answer ends finds the
     * run closed, not a 409 for a run that is still being recorded.
     */
    recorded?: Promise<unknown>;
    /**
     * Called once, right after the first chunk of the model's own output (anything past the
     * message and step starts) is handed over: work that need not precede the answer's first
     * words waits for it.
     */
    onFirstContent?: () => void;
  },
): DeliveredRunStream {
  const reader = source.getReader();
  let record!: ReadableStreamDefaultController<UIMessageChunk>;
  const recorded = new ReadableStream<UIMessageChunk>({ start: (controller) => void (record = controller) });
  let settled = false;
  let contentStarted = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    record.close();
  };

  const delivered = (async () => {
    let message: ChatMessage | null = null;
    for await (const snapshot of readUIMessageStream<ChatMessage>({ stream: recorded })) message = snapshot;
    return message;
  })();

  const stream = new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<UIMessageChunk>;
        try {
          next = await reader.read();
        } catch (error) {
          settle();
          throw error;
        }
        if (next.done) {
          settle();
          await runRecorded;
          controller.close();
          return;
        }
        record.enqueue(next.value);
        controller.enqueue(next.value);
        if (!contentStarted && next.value.type !== "start" && next.value.type !== "start-step") {
          contentStarted = true;
          onFirstContent?.();
        }
      },
      async cancel(reason) {
        // Whatever was read but not handed over is not the client's, so it is not recorded.
        settle();
        onCancel();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, delivered };
}
