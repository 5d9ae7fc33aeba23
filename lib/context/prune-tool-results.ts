import type { ModelMessage, ToolResultPart } from "ai";
import { neutraliseReservedTags } from "./neutralise-reserved-tags";

// Old tool results are most of a long thread's weight (pages of documents and files). When
// a request would not fit, a result is replaced by one line saying what was read, so the
// model knows it can read it again; the call it answers stays, so every call keeps its
// result and the request stays valid.

interface ReadSlice {
  name: string;
  offset: number;
  returnedChars: number;
}

function isReadSlice(value: unknown): value is ReadSlice {
  if (!value || typeof value !== "object") return false;
  const slice = value as Record<string, unknown>;
  return typeof slice.name === "string" && typeof slice.offset === "number" && typeof slice.returnedChars === "number";
}

/** The one line that stands in for a pruned result. */
export function toolResultStub(part: Pick<ToolResultPart, "toolName" | "output">): string {
  const value = part.output.type === "json" ? part.output.value : null;
  if (isReadSlice(value)) {
    // A file name is user text: one line, and no reserved tag.
    const name = neutraliseReservedTags(value.name.replace(/[\u0000-\u001F\u007F]+/g, " "));
    return `[read ${name}, chars ${value.offset}–${value.offset + value.returnedChars}: omitted; read it again if needed]`;
  }
  return `[${part.toolName} result omitted; call it again if needed]`;
}

/** The same tool message with every result replaced by its stub; other messages unchanged. */
export function pruneToolMessage(message: ModelMessage): { message: ModelMessage; pruned: number } {
  if (message.role !== "tool") return { message, pruned: 0 };
  let pruned = 0;
  const content = message.content.map((part) => {
    if (part.type !== "tool-result") return part;
    const stub = toolResultStub(part);
    if (part.output.type === "text" && part.output.value === stub) return part;
    pruned += 1;
    return { ...part, output: { type: "text" as const, value: stub } };
  });
  return pruned ? { message: { ...message, content }, pruned } : { message, pruned };
}
