import type { ModelMessage } from "ai";
import { withMessageId } from "@/lib/context/message-provenance";
import { buildPinnedContext, type PinnedContextInput, type PinnedProjectContext } from "@/lib/context/pinned-context";

// Small builders for ModelMessage sequences shared by the request-builder tests.

export const system = (text: string): ModelMessage => ({ role: "system", content: text });

export const user = (text: string, id?: string): ModelMessage => {
  const message: ModelMessage = { role: "user", content: text };
  return id ? withMessageId(message, id) : message;
};

export const assistant = (text: string, id?: string): ModelMessage => {
  const message: ModelMessage = { role: "assistant", content: [{ type: "text", text }] };
  return id ? withMessageId(message, id) : message;
};

export const toolCall = (toolCallId: string, toolName = "list_thread_files", input: unknown = {}): ModelMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId, toolName, input }],
});

export const toolResult = (
  toolCallId: string,
  toolName = "list_thread_files",
  value: unknown = { files: [] },
): ModelMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId, toolName, output: { type: "json", value: value as never } }],
});

/** A project with no memory, active, pinned at a fixed time: what most request tests need. */
export const NO_MEMORY = {
  memory: { total: 0, notes: [] },
  archived: false,
  pinnedAt: new Date("2026-01-01T00:00:00.000Z"),
} as const satisfies Pick<PinnedContextInput, "memory" | "archived" | "pinnedAt">;

export function pinned(
  overrides: Partial<PinnedContextInput["project"]> = {},
  shelf: PinnedContextInput["shelf"] = { total: 0, entries: [] },
): PinnedProjectContext {
  return buildPinnedContext({
    project: { id: "p1", name: "Roadmap", instructions: "Answer in French.", ...overrides },
    shelf,
    limits: { indexMaxEntries: 50, indexMaxBytes: 4096, memoryMaxBytes: 4096 },
    ...NO_MEMORY,
  });
}

export function textOf(message: ModelMessage): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((part) => ("text" in part ? part.text : JSON.stringify(part))).join("");
}
