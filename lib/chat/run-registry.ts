// The runs executing in this process, so a stop request (or a closed tab) can abort the model
// call on the server. In-process by design: with several server instances, cancellation
// would need a shared store.

interface ActiveRun {
  runId: string;
  threadId: string;
  userId: string;
  controller: AbortController;
}

const holder = globalThis as typeof globalThis & { __workspaceActiveRuns?: Map<string, ActiveRun> };
const activeRuns = (holder.__workspaceActiveRuns ??= new Map());

export function registerRun(run: ActiveRun): void {
  activeRuns.set(run.runId, run);
}

export function unregisterRun(runId: string): void {
  activeRuns.delete(runId);
}

/** Aborts the caller's own run; false when there is no such active run. */
export function abortRun({ runId, userId, threadId }: { runId: string; userId: string; threadId?: string }): boolean {
  const run = activeRuns.get(runId);
  if (!run || run.userId !== userId || (threadId && run.threadId !== threadId)) return false;
  run.controller.abort();
  return true;
}
