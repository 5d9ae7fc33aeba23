import { getToolName, isToolUIPart } from "ai";
import type { ThreadMessage, SourceRange, StoredSource } from "./thread-message";
import { READ_PROJECT_DOCUMENT, READ_THREAD_FILE } from "./tool-names";

// The read receipts of one assistant turn (docs/architecture.md § "Glossary": Sources): which
// documents and thread files the agent read, and which characters of each, derived from the turn's
// own tool calls. Pure: the tool results say what was actually returned (name, offset,
// returnedChars), so a call that failed, or returned an `{error}`, read nothing and is not a
// source.

type Part = ThreadMessage["parts"][number];

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const wholeNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;

interface Read {
  key: string;
  source: Omit<StoredSource, "ranges">;
  range: SourceRange | null;
}

function readOf(part: Part): Read | null {
  if (!isToolUIPart(part) || part.state !== "output-available") return null;
  const input = asRecord(part.input);
  const output = asRecord(part.output);
  if (!input || !output || "error" in output || typeof output.name !== "string") return null;
  const offset = wholeNumber(output.offset);
  const returned = wholeNumber(output.returnedChars);
  const range: SourceRange | null =
    offset !== null && returned !== null && returned > 0 ? [offset, offset + returned] : null;
  const name = getToolName(part);
  if (name === READ_PROJECT_DOCUMENT && typeof input.documentId === "string") {
    return {
      key: `document:${input.documentId}`,
      source: { kind: "document", documentId: input.documentId, name: output.name },
      range,
    };
  }
  if (name === READ_THREAD_FILE && (input.kind === "upload" || input.kind === "output")) {
    return { key: `${input.kind}:${output.name}`, source: { kind: input.kind, name: output.name }, range };
  }
  return null;
}

/** Overlapping or touching ranges become one; the result is sorted. */
export function mergeRanges(ranges: readonly SourceRange[]): SourceRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: SourceRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Sources in first-read order, each with its merged ranges. */
export function extractSources(parts: readonly Part[]): StoredSource[] {
  const byKey = new Map<string, { source: Omit<StoredSource, "ranges">; ranges: SourceRange[] }>();
  for (const part of parts) {
    const read = readOf(part);
    if (!read) continue;
    const entry = byKey.get(read.key) ?? { source: read.source, ranges: [] };
    if (read.range) entry.ranges.push(read.range);
    byKey.set(read.key, entry);
  }
  return [...byKey.values()].map(({ source, ranges }) => ({ ...source, ranges: mergeRanges(ranges) }));
}
