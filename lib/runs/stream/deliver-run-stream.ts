import { readUIMessageStream, type UIMessageChunk } from "ai";
import { mergeStreamDeltas } from "./merge-stream-deltas";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";

// Stop is honest (docs/architecture.md § "The path of a run", step 7: after Stop the reply on
// screen is the stored text): the run's answer is stored as the chunks the consumer actually took,
// not as everything the model produced. The stream hands over one chunk per read and nothing ahead
// (highWaterMark 0), so "taken" means given to the HTTP response or the server action's serialiser;
// a response built by ui-message-stream-response.ts reads ahead of nothing either.

export interface DeliveredRunStream {
  /** The chunks for the client; cancelling it aborts the run, unless the run outlives its consumer. */
  stream: ReadableStream<UIMessageChunk>;
  /**
   * The assistant message assembled from exactly the chunks handed over, settled once the
   * consumer has read to the end or gone away; null when not even its start was handed over.
   * When the run outlives its consumer, everything after the consumer left counts as handed
   * over too (it goes to the run's followers), so this settles once the source ends.
   */
  delivered: Promise<ThreadMessage | null>;
}

export function deliverRunStream(
  source: ReadableStream<UIMessageChunk>,
  {
    onCancel,
    outlivesConsumer = false,
    recorded: runRecorded = Promise.resolve(),
  }: {
    onCancel: () => void;
    /**
     * The chat page's case: a consumer that goes away (a reload, a closed tab) is not a Stop.
     * The run goes on, the rest of the source is read here and recorded, and the page follows
     * the run again through its persisted stream; Stop is an explicit cancel.
     */
    outlivesConsumer?: boolean;
    /**
     * Settles once the run's record is written from `delivered`. The client's stream ends only
     * after it, so a client that sends its next message the moment the answer ends finds the
     * run closed, not a 409 for a run that is still being recorded.
     */
    recorded?: Promise<unknown>;
  },
): DeliveredRunStream {
  const reader = source.getReader();
  // Only kept while the stream runs, and assembled once it settles: building the message chunk
  // by chunk would compete with the delivery itself for the process.
  const handedOver: UIMessageChunk[] = [];
  let settled = false;
  const record = (chunk: UIMessageChunk) => {
    if (!settled) handedOver.push(chunk);
  };
  let markSettled!: () => void;
  const settledOnce = new Promise<void>((resolve) => (markSettled = resolve));
  const settle = () => {
    if (settled) return;
    settled = true;
    markSettled();
  };

  const delivered = settledOnce.then(() => assembleMessage(handedOver));

  // The consumer left but the run goes on: everything it still produces is the answer.
  const drain = async () => {
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        record(next.value);
      }
    } catch {
      // The run's own error handling records the failure; the answer is what came before it.
    } finally {
      settle();
    }
  };

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
        record(next.value);
        controller.enqueue(next.value);
      },
      async cancel(reason) {
        if (outlivesConsumer) {
          void drain();
          return;
        }
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

/** The message those chunks build; runs of deltas joined first, which builds the same message. */
async function assembleMessage(chunks: UIMessageChunk[]): Promise<ThreadMessage | null> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of mergeStreamDeltas(chunks)) controller.enqueue(chunk);
      controller.close();
    },
  });
  let message: ThreadMessage | null = null;
  for await (const snapshot of readUIMessageStream<ThreadMessage>({ stream })) message = snapshot;
  return message;
}
