import type { PinnedProjectContext } from "./pinned-context";
import { recordRunEvent } from "./run-records";

/**
 * The run's one `context` event (design: "Audit"), recorded at the first model call that
 * answered: on its first streamed chunk, or at its end for an answer with no content. A first
 * call that fails (refused, unreachable: it ends with finish reason "error") delivered
 * nothing, so it records nothing. No event for a run without project context. The handlers
 * go straight into streamText's `onChunk` and `onLanguageModelCallEnd`; only the first call
 * that answers writes.
 */
export function contextAudit(runId: string, pinned: PinnedProjectContext | null) {
  let recorded = false;
  const record = async () => {
    if (!pinned || recorded) return;
    recorded = true;
    // An audit record: the model's words need not wait for it.
    void recordRunEvent(runId, "context", {
      memorySha256: null,
      projectContextRevision: pinned.projectContextRevision,
      projectShelfRevision: pinned.projectShelfRevision,
    }).catch((error) => console.warn(`[chat] run ${runId}: context event not recorded`, error));
  };
  return {
    onChunk: record,
    onModelCallEnd: async ({ finishReason }: { finishReason: string }) => {
      if (finishReason !== "error") await record();
    },
  };
}
