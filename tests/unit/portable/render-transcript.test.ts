import { describe, expect, it } from "vitest";
import { renderTranscript } from "@/lib/portable/render-transcript";

const at = "2026-03-01T10:00:00.000Z";

describe("renderTranscript", () => {
  it("renders text, tool calls, errors and attachments, and skips the model's working", () => {
    const markdown = renderTranscript({
      title: "Plan\nthe trip",
      projectName: "Travel",
      messages: [
        {
          role: "user",
          parts: [{ type: "text", text: "Read the brief" }],
          metadata: { attachments: [{ filename: "brief.pdf" }] },
          createdAt: at,
        },
        {
          role: "assistant",
          parts: [
            { type: "reasoning", text: "thinking…" },
            {
              type: "tool-read_thread_file",
              state: "output-available",
              input: { name: "brief.pdf" },
              output: { content: "x".repeat(1000) },
            },
            { type: "dynamic-tool", toolName: "lookup", state: "output-error", input: {}, errorText: "not found" },
            { type: "text", text: "Here is the plan." },
          ],
          metadata: null,
          createdAt: at,
        },
      ],
    });
    expect(markdown).toBe(
      [
        "# Plan the trip",
        "",
        "Project: Travel",
        "",
        "## You · 2026-03-01 10:00:00Z",
        "",
        "Read the brief",
        "",
        "Attached: brief.pdf",
        "",
        "## Assistant · 2026-03-01 10:00:00Z",
        "",
        `> Tool \`read_thread_file\` {"name":"brief.pdf"} → {"content":"${"x".repeat(300 - 12)}…`,
        "",
        "> Tool `lookup` {} → error: not found",
        "",
        "Here is the plan.",
        "",
      ].join("\n"),
    );
  });

  it("names an untitled chat and omits the project line outside a project", () => {
    expect(renderTranscript({ title: "", projectName: null, messages: [] })).toBe("# Untitled chat\n");
  });
});
