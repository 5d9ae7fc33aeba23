import type { UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { deliverRunStream } from "@/lib/runs/stream/deliver-run-stream";

// The stored answer is exactly what the consumer took: nothing the source had ready but the
// consumer never read, whether it read to the end or went away mid-way.

const words = Array.from({ length: 50 }, (_, i) => `w${i} `);
const chunks: UIMessageChunk[] = [
  { type: "start", messageId: "m1" },
  { type: "start-step" },
  { type: "text-start", id: "t" },
  ...words.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
  { type: "text-end", id: "t" },
  { type: "finish-step" },
  { type: "finish" },
];

/** A source that has every chunk ready at once, like a fast model. */
function eagerSource(): { stream: ReadableStream<UIMessageChunk>; pulled: () => number } {
  let index = 0;
  const stream = new ReadableStream<UIMessageChunk>(
    {
      pull(controller) {
        if (index < chunks.length) controller.enqueue(chunks[index++]!);
        else controller.close();
      },
    },
    { highWaterMark: 16 }, // reads ahead of its consumer, as the SDK's pipeline may
  );
  return { stream, pulled: () => index };
}

const textOf = (message: { parts: { type: string; text?: string }[] } | null) =>
  (message?.parts ?? [])
    .filter((part) => part.type === "text")
    .map((part) => part.text)
    .join("");

describe("deliverRunStream", () => {
  it("records exactly the chunks read before the consumer cancelled", async () => {
    const source = eagerSource();
    let cancelled = 0;
    const { stream, delivered } = deliverRunStream(source.stream, { onCancel: () => (cancelled += 1) });
    const reader = stream.getReader();
    const received: UIMessageChunk[] = [];
    for (let i = 0; i < 3 + 7; i++) received.push((await reader.read()).value!);
    await reader.cancel();

    const message = await delivered;
    expect(source.pulled()).toBeGreaterThan(received.length); // the source really did have more ready
    expect(textOf(message)).toBe(words.slice(0, 7).join(""));
    expect(message?.id).toBe("m1");
    expect(cancelled).toBe(1);
  });

  it("records the whole answer when the consumer reads to the end", async () => {
    const { stream, delivered } = deliverRunStream(eagerSource().stream, { onCancel: () => {} });
    const reader = stream.getReader();
    while (!(await reader.read()).done);
    expect(textOf(await delivered)).toBe(words.join(""));
  });

  it("ends the consumer's stream only once the run is recorded from what was delivered", async () => {
    let markRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (markRecorded = resolve));
    const { stream, delivered } = deliverRunStream(eagerSource().stream, { onCancel: () => {}, recorded });
    const reader = stream.getReader();
    for (let i = 0; i < chunks.length; i++) expect((await reader.read()).done).toBe(false);
    let ended = false;
    const end = reader.read().then((result) => (ended = result.done));
    // The answer is complete (the record can be written from it), yet the stream stays open.
    expect(textOf(await delivered)).toBe(words.join(""));
    expect(ended).toBe(false);
    markRecorded();
    await end;
    expect(ended).toBe(true);
  });

  it("when the run outlives its consumer, a consumer that goes away stops nothing and the whole answer is recorded", async () => {
    const source = eagerSource();
    let cancelled = 0;
    const { stream, delivered } = deliverRunStream(source.stream, {
      onCancel: () => (cancelled += 1),
      outlivesConsumer: true,
    });
    const reader = stream.getReader();
    for (let i = 0; i < 3 + 7; i++) await reader.read();
    await reader.cancel();

    const message = await delivered;
    expect(cancelled).toBe(0);
    expect(source.pulled()).toBe(chunks.length);
    expect(textOf(message)).toBe(words.join(""));
    expect(message?.id).toBe("m1");
  });
});
