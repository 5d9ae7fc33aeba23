import type { UIMessageChunk } from "ai";

// Lets work that happens before the model's first token (a conversation summary can take a
// while on a local model) tell the person about it: transient data chunks slipped into the
// run's UI stream. They reach useChat's onData and are never saved in the message.

export const SUMMARISING_CHUNK = {
  type: "data-summarising",
  data: {},
  transient: true,
} as const satisfies UIMessageChunk;

export interface ProgressChannel {
  emit(chunk: UIMessageChunk): void;
  /** The run's stream with the emitted chunks in it; call once. */
  merge(source: ReadableStream<UIMessageChunk>): ReadableStream<UIMessageChunk>;
}

export function createProgressChannel(): ProgressChannel {
  let sink: ReadableStreamDefaultController<UIMessageChunk> | null = null;
  const early: UIMessageChunk[] = [];
  return {
    emit(chunk) {
      if (sink) sink.enqueue(chunk);
      else early.push(chunk);
    },
    merge(source) {
      const reader = source.getReader();
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          sink = controller;
          for (const chunk of early.splice(0)) controller.enqueue(chunk);
        },
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            sink = null;
            controller.close();
          } else controller.enqueue(value);
        },
        cancel(reason) {
          sink = null;
          return reader.cancel(reason);
        },
      });
    },
  };
}
