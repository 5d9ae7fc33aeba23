import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { recordRunEvent } from "./lease/run-records";

/** Stream chunk types only a model that answered produces (streamText also passes its own "start" and "error"). */
const MODEL_OUTPUT = new Set([
  "text-delta",
  "reasoning-delta",
  "tool-input-start",
  "tool-input-delta",
  "tool-call",
  "source",
  "file",
  "reasoning-file",
]);

export interface ContextAudit {
  /** For streamText's `onChunk`. */
  onChunk: (event: { chunk: { type: string } }) => void;
  /** For streamText's `onLanguageModelCallEnd`. */
  onLanguageModelCallEnd: (event: { finishReason: string }) => void;
  /** Settles once the event, if one was recorded, is written; the run's record waits for it. */
  written: () => Promise<void>;
}

/**
 * The run's one `context` event (docs/architecture.md § "The path of a run", step 6), recorded at
 * the first model call, once the model has answered it: on that call's first output, or at its end
 * for an answer with no content. A first call that fails (refused, unreachable, no model on the
 * other end) delivered the context to nobody, so it records nothing. No event for a run without
 * project context.
 */
export function createContextAudit(runId: string, pinned: PinnedProjectContext | null): ContextAudit {
  let writing: Promise<void> | null = null;
  const record = () => {
    if (!pinned || writing) return;
    // memorySha256 was reserved (null) before projects had memory; it now carries the same
    // fingerprint as projectMemoryRevision, so older readers of the event keep working.
    const payload = {
      memorySha256: pinned.projectMemoryRevision,
      projectContextRevision: pinned.projectContextRevision,
      projectShelfRevision: pinned.projectShelfRevision,
      projectMemoryRevision: pinned.projectMemoryRevision,
    };
    // An audit record: the model's words need not wait for it. Written on the next turn of the
    // event loop, so the chunk that triggered it reaches the client first (on the embedded
    // database a write holds the process while it runs).
    writing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => recordRunEvent(runId, "context", payload))
      .catch((error) => console.warn(`[run] run ${runId}: context event not recorded`, error));
  };
  return {
    onChunk: ({ chunk }) => {
      if (MODEL_OUTPUT.has(chunk.type)) record();
    },
    onLanguageModelCallEnd: ({ finishReason }) => {
      if (finishReason !== "error") record();
    },
    written: () => writing ?? Promise.resolve(),
  };
}
