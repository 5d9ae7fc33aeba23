import { getToolName, isToolUIPart, type UIMessagePart, type UIDataTypes, type UITools } from "ai";
import {
  LIST_PROJECT_DOCUMENTS,
  LIST_THREAD_FILES,
  PROPOSE_PROJECT_NOTE,
  READ_PROJECT_DOCUMENT,
  READ_PROJECT_MEMORY,
  READ_THREAD_FILE,
  SEARCH_PROJECT_DOCUMENTS,
  VIEW_IMAGE,
  WRITE_OUTPUT_FILE,
} from "@/lib/thread-messages/tool-names";

// What a tool call card needs to know, read from an AI SDK tool part: which tool, how far
// it got, a one-line summary of its input, and the file an output write produced.

export type ToolCallState = "running" | "done" | "error";

export type ToolPart = Extract<UIMessagePart<UIDataTypes, UITools>, { toolCallId: string }>;

/** The tools the agent has today; other names still render, in a generic way. */
export const KNOWN_TOOLS = [
  LIST_THREAD_FILES,
  READ_THREAD_FILE,
  WRITE_OUTPUT_FILE,
  LIST_PROJECT_DOCUMENTS,
  READ_PROJECT_DOCUMENT,
  SEARCH_PROJECT_DOCUMENTS,
  PROPOSE_PROJECT_NOTE,
  READ_PROJECT_MEMORY,
  VIEW_IMAGE,
] as const;
export type KnownTool = (typeof KNOWN_TOOLS)[number];

export interface ToolCallSummary {
  name: string;
  known: KnownTool | null;
  state: ToolCallState;
  /** What the call was about, by name (a file, a document; never an id), or null. */
  subject: string | null;
  input: unknown;
  output: unknown;
  /** A readable failure: the tool's own `{error}` result, or the SDK's error text. */
  error: string | null;
  /** The output file a successful write_output_file produced. */
  writtenFile: { filename: string; sizeBytes: number } | null;
}

export function isToolPart(part: UIMessagePart<UIDataTypes, UITools>): part is ToolPart {
  return isToolUIPart(part);
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * A document is asked for by id, which means nothing to a person: its card names it once the
 * read returns the name (a failed read has none to give). Files are asked for by name.
 */
function subjectOf(input: Record<string, unknown> | null, output: Record<string, unknown> | null): string | null {
  if (typeof output?.name === "string" && output.name) return output.name;
  if (!input) return null;
  for (const key of ["name", "filename", "path"]) {
    if (typeof input[key] === "string" && input[key]) return input[key] as string;
  }
  return null;
}

export function summarizeToolCall(part: ToolPart): ToolCallSummary {
  const name = getToolName(part);
  const input = asRecord(part.input);
  const output = part.state === "output-available" ? part.output : undefined;
  const toolError = typeof asRecord(output)?.error === "string" ? (asRecord(output)!.error as string) : null;
  const error = part.state === "output-error" ? part.errorText : part.state === "output-denied" ? "denied" : toolError;
  const state: ToolCallState = error !== null ? "error" : part.state === "output-available" ? "done" : "running";
  const written = name === WRITE_OUTPUT_FILE && !error ? asRecord(asRecord(output)?.written) : null;
  return {
    name,
    known: (KNOWN_TOOLS as readonly string[]).includes(name) ? (name as KnownTool) : null,
    state,
    subject: subjectOf(input, asRecord(output)),
    input: part.input,
    output,
    error,
    writtenFile:
      written && typeof written.name === "string"
        ? { filename: written.name, sizeBytes: typeof written.sizeBytes === "number" ? written.sizeBytes : 0 }
        : null,
  };
}

/** A snake_case tool name in plain words, for tools this UI has no label for. */
export function humanizeToolName(name: string): string {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
