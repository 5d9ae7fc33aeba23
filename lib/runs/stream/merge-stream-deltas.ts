import type { UIMessageChunk } from "ai";

// A persisted batch holds about 100 ms of a run's stream, mostly one delta per token. Runs of
// deltas to the same part are joined into one chunk before storing: a follower builds exactly
// the same message from fewer, larger chunks, and the table holds fewer rows' worth of JSON.

type Chunk = UIMessageChunk;

function joined(previous: Chunk, next: Chunk): Chunk | null {
  if (
    previous.type === "text-delta" &&
    next.type === "text-delta" &&
    previous.id === next.id &&
    !next.providerMetadata
  ) {
    return { ...previous, delta: previous.delta + next.delta };
  }
  if (
    previous.type === "reasoning-delta" &&
    next.type === "reasoning-delta" &&
    previous.id === next.id &&
    !next.providerMetadata
  ) {
    return { ...previous, delta: previous.delta + next.delta };
  }
  if (
    previous.type === "tool-input-delta" &&
    next.type === "tool-input-delta" &&
    previous.toolCallId === next.toolCallId
  ) {
    return { ...previous, inputTextDelta: previous.inputTextDelta + next.inputTextDelta };
  }
  return null;
}

export function mergeStreamDeltas(chunks: readonly Chunk[]): Chunk[] {
  const merged: Chunk[] = [];
  for (const chunk of chunks) {
    const last = merged.at(-1);
    const combined = last ? joined(last, chunk) : null;
    if (combined) merged[merged.length - 1] = combined;
    else merged.push(chunk);
  }
  return merged;
}
