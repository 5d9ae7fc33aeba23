import type { UIMessageChunk } from "ai";
import { describe, expect, it } from "vitest";
import { mergeStreamDeltas } from "@/lib/runs/stream/merge-stream-deltas";

const text = (id: string, delta: string): UIMessageChunk => ({ type: "text-delta", id, delta });

describe("mergeStreamDeltas", () => {
  it.each<[string, UIMessageChunk[], UIMessageChunk[]]>([
    ["nothing", [], []],
    [
      "joins a run of text deltas to one part",
      [text("a", "Hel"), text("a", "lo"), text("a", "!")],
      [text("a", "Hello!")],
    ],
    [
      "keeps deltas of different parts apart",
      [text("a", "x"), text("b", "y"), text("a", "z")],
      [text("a", "x"), text("b", "y"), text("a", "z")],
    ],
    [
      "never joins across another chunk",
      [text("a", "x"), { type: "text-end", id: "a" }, text("a", "y")],
      [text("a", "x"), { type: "text-end", id: "a" }, text("a", "y")],
    ],
    [
      "joins reasoning and tool-input deltas by their own ids",
      [
        { type: "reasoning-delta", id: "r", delta: "th" },
        { type: "reasoning-delta", id: "r", delta: "ink" },
        { type: "tool-input-delta", toolCallId: "c1", inputTextDelta: '{"a"' },
        { type: "tool-input-delta", toolCallId: "c1", inputTextDelta: ":1}" },
      ],
      [
        { type: "reasoning-delta", id: "r", delta: "think" },
        { type: "tool-input-delta", toolCallId: "c1", inputTextDelta: '{"a":1}' },
      ],
    ],
    [
      "keeps a delta that carries provider metadata separate",
      [text("a", "x"), { type: "text-delta", id: "a", delta: "y", providerMetadata: { p: { k: 1 } } }],
      [text("a", "x"), { type: "text-delta", id: "a", delta: "y", providerMetadata: { p: { k: 1 } } }],
    ],
  ])("%s", (_name, input, expected) => {
    expect(mergeStreamDeltas(input)).toEqual(expected);
  });

  it("does not change the chunks it was given", () => {
    const input = [text("a", "x"), text("a", "y")];
    mergeStreamDeltas(input);
    expect(input).toEqual([text("a", "x"), text("a", "y")]);
  });
});
