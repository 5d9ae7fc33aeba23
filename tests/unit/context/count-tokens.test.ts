import { tool, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contextBudget } from "@/lib/context/context-budget";
import { countFixedTokens, countMessageTokens, countTextTokens, IMAGE_TOKENS } from "@/lib/context/count-tokens";
import { toolCall, toolResult, user } from "./model-message-fixtures";

describe("countTextTokens", () => {
  it.each([
    ["", 0],
    ["hello world", 2],
    ["The quick brown fox jumps over the lazy dog.", 10],
  ])("counts %j with the real tokenizer", (text, expected) => {
    expect(countTextTokens(text)).toBe(expected);
  });

  it("reads special-token text as ordinary text instead of failing", () => {
    expect(countTextTokens("before <|endoftext|> after")).toBeGreaterThan(3);
  });

  it("gives a long text the same count from the cache", () => {
    const text = "a long paragraph about many things. ".repeat(500);
    const first = countTextTokens(text);
    expect(first).toBeGreaterThan(1000);
    expect(countTextTokens(`${text}`)).toBe(first);
    expect(countTextTokens(`${text}x`)).not.toBe(0);
  });
});

describe("countMessageTokens", () => {
  it("counts an image as its fixed cost, whatever its size in bytes", () => {
    const image = (size: number): ModelMessage => ({
      role: "user",
      content: [{ type: "file", data: new Uint8Array(size), mediaType: "image/jpeg", filename: "a.jpg" }],
    });
    expect(IMAGE_TOKENS).toBe(1000);
    expect(countMessageTokens(image(10))).toBe(countMessageTokens(image(5_000_000)));
    expect(countMessageTokens(image(10))).toBe(4 + IMAGE_TOKENS);
  });

  it("counts what the model receives: text, tool arguments and tool results", () => {
    const text = user("hello world");
    expect(countMessageTokens(text)).toBe(4 + 2);
    const big = "word ".repeat(2000);
    expect(countMessageTokens(toolCall("c1", "write_output_file", { name: "a.md", content: big }))).toBeGreaterThan(
      2000,
    );
    expect(countMessageTokens(toolResult("c1", "read_thread_file", { content: big }))).toBeGreaterThan(2000);
    const parts: ModelMessage = {
      role: "user",
      content: [
        { type: "text", text: "hello world" },
        { type: "text", text: "hello world" },
      ],
    };
    expect(countMessageTokens(parts)).toBe(4 + 4);
  });
});

describe("countFixedTokens", () => {
  it("counts the system prompt and every tool schema", async () => {
    const echo = tool({
      description: "Repeat a long description ".repeat(50),
      inputSchema: z.object({ text: z.string().describe("what to repeat") }),
    });
    const none = await countFixedTokens({ instructions: "You are helpful.", tools: {} });
    const one = await countFixedTokens({ instructions: "You are helpful.", tools: { echo } });
    expect(one - none).toBeGreaterThan(250);
  });
});

describe("contextBudget", () => {
  it.each([
    [32768, 4096, 4096, 28672],
    [2000000, 4096, 4096, 1995904],
    [8192, 8192, 4096, 4096],
    [2048, 4096, 1024, 1024],
  ])(
    "a %i-token window with %i for the answer keeps %i for it and %i for the request",
    (contextTokens, maxOutputTokens, output, input) => {
      expect(contextBudget({ contextTokens, maxOutputTokens })).toEqual({
        contextTokens,
        maxOutputTokens: output,
        inputTokens: input,
      });
    },
  );
});
