import type { PinnedProjectContext } from "./pinned-context";
import { recordRunEvent } from "./run-records";

/**
 * The run's one `context` event (design: "Audit"), recorded at the first model call that
 * answered: its first streamed chunk, or its end for an answer with no content. A first call
 * that fails (refused, unreachable) delivered nothing, so it records nothing. No event for a
 * run without project context. Safe to call on every chunk: only the first call writes.
 */
export function contextAudit(runId: string, pinned: PinnedProjectContext | null): () => Promise<void> {
  let recorded = false;
  return async () => {
    if (!pinned || recorded) return;
    recorded = true;
    await recordRunEvent(runId, "context", {
      memorySha256: null,
      projectContextRevision: pinned.projectContextRevision,
      projectShelfRevision: pinned.projectShelfRevision,
    });
  };
}
