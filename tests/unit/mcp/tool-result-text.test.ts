import { describe, expect, it } from "vitest";
import { toolResultForModel } from "@/lib/mcp/tool-result-text";

describe("an MCP tool's result for the model", () => {
  it("joins text content and names what it does not send", () => {
    expect(
      toolResultForModel(
        {
          content: [
            { type: "text", text: "one" },
            { type: "image", data: "AAAA", mimeType: "image/png" },
            { type: "resource", resource: { uri: "file:///a", text: "inline" } },
            { type: "resource_link", uri: "https://x.example/a", name: "A" },
          ],
        },
        1000,
      ),
    ).toEqual({ result: "one\n[image (image/png) not shown]\ninline\n[link: A https://x.example/a]" });
  });

  it("uses structured content when there is no content", () => {
    expect(toolResultForModel({ structuredContent: { a: 1 } }, 100)).toEqual({ result: '{"a":1}' });
  });

  it("answers an error result as {error}", () => {
    expect(toolResultForModel({ content: [{ type: "text", text: "no such issue" }], isError: true }, 100)).toEqual({
      error: "no such issue",
    });
  });

  it("cuts to the byte limit on a character boundary, with a note", () => {
    const out = toolResultForModel({ content: [{ type: "text", text: "é".repeat(10) }] }, 5) as {
      result: string;
      note: string;
    };
    expect(out.result).toBe("éé");
    expect(out.note).toContain("5 of its 20 bytes");
  });
});
