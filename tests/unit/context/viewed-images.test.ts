import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { withViewedImages } from "@/lib/context/viewed-images";

// view_image's pictures follow the tool message with their call's result, once.

const bytes = new Uint8Array([1, 2, 3]);
const call = (toolCallId: string, toolName = "view_image"): ModelMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId, toolName, input: {} }],
});
const result = (toolCallId: string, toolName = "view_image"): ModelMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId, toolName, output: { type: "json", value: {} } }],
});

describe("withViewedImages", () => {
  const viewed = new Map([["c1", { name: "a.png", bytes, mediaType: "image/png" }]]);

  it("inserts a user message with the image right after its result", () => {
    const messages: ModelMessage[] = [{ role: "user", content: "look" }, call("c1"), result("c1")];
    const out = withViewedImages(messages, viewed);
    expect(out).toHaveLength(4);
    expect(out[3]).toEqual({
      role: "user",
      content: [
        { type: "text", text: 'The image "a.png" you opened with view_image:' },
        { type: "file", data: bytes, mediaType: "image/png", filename: "a.png" },
      ],
    });
  });

  it.each([
    ["no image was viewed", new Map(), [call("c1"), result("c1")]],
    ["the call failed (nothing kept for it)", viewed, [call("c2"), result("c2")]],
    ["another tool's result", viewed, [call("c1", "read_thread_file"), result("c1", "read_thread_file")]],
  ])("changes nothing when %s", (_case, images, messages) => {
    expect(withViewedImages(messages, images)).toEqual(messages);
  });

  it("is the same however often it runs on the run's rebuilt messages", () => {
    const messages: ModelMessage[] = [call("c1"), result("c1")];
    expect(withViewedImages(messages, viewed)).toEqual(withViewedImages(messages, viewed));
    expect(withViewedImages(messages, viewed)).toHaveLength(3);
  });
});
