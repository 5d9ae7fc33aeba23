import { getDb } from "@/lib/db/client";
import { instanceId } from "./instance-id";
import { leaseRenewalMs, renewLeases } from "./run-lease";
import { onRunSignal } from "./run-signals";

// The runs this process streams (docs/architecture.md § "The path of a run", step 8). While a run
// is registered its lease is renewed, and it is aborted as soon as a cancel for it arrives: at once
// through a run signal (NOTIFY, or in process), or within CANCEL_POLL_MS by reading the run rows,
// which also catches a run another instance failed because this one looked dead.

interface LocalRun {
  controller: AbortController;
  stopListening: () => void;
  /** Aborted because the server is shutting down, not because someone pressed Stop. */
  endedByShutdown: boolean;
}

interface Registry {
  runs: Map<string, LocalRun>;
  timer: NodeJS.Timeout | null;
  lastRenewal: number;
  ticking: boolean;
  /** Called once no run is registered any more (shutdown waits on them). */
  whenEmpty: Array<() => void>;
}

const CANCEL_POLL_MS = 500;

// On globalThis: route handlers and server actions are bundled separately by Next.
const holder = globalThis as typeof globalThis & { __workspaceLocalRuns?: Registry };
const registry: Registry = (holder.__workspaceLocalRuns ??= {
  runs: new Map(),
  timer: null,
  lastRenewal: 0,
  ticking: false,
  whenEmpty: [],
});

export function registerRun({ runId, controller }: { runId: string; controller: AbortController }): void {
  const stopListening = onRunSignal("cancel", runId, () => controller.abort());
  registry.runs.set(runId, { controller, stopListening, endedByShutdown: false });
  registry.timer ??= setInterval(() => void tick(), CANCEL_POLL_MS).unref();
}

export function unregisterRun(runId: string): void {
  registry.runs.get(runId)?.stopListening();
  registry.runs.delete(runId);
  if (registry.runs.size === 0 && registry.timer) {
    clearInterval(registry.timer);
    registry.timer = null;
    registry.lastRenewal = 0;
  }
  if (registry.runs.size === 0) for (const resolve of registry.whenEmpty.splice(0)) resolve();
}

/** Aborts every run this process streams, marked as ended by the shutdown; returns how many. */
export function abortLocalRunsForShutdown(): number {
  for (const run of registry.runs.values()) {
    run.endedByShutdown = true;
    run.controller.abort();
  }
  return registry.runs.size;
}

/** Whether the run (still registered while it is being recorded) was aborted by the shutdown. */
export function isEndedByShutdown(runId: string): boolean {
  return registry.runs.get(runId)?.endedByShutdown ?? false;
}

/** Resolves once no run is registered: each aborted run has been recorded. */
export function localRunsEnded(): Promise<void> {
  if (registry.runs.size === 0) return Promise.resolve();
  return new Promise((resolve) => registry.whenEmpty.push(resolve));
}

async function tick(): Promise<void> {
  if (registry.ticking) return;
  registry.ticking = true;
  try {
    const runIds = [...registry.runs.keys()];
    if (runIds.length === 0) return;
    const db = await getDb();
    if (Date.now() - registry.lastRenewal >= leaseRenewalMs()) {
      registry.lastRenewal = Date.now();
      await renewLeases(db, { runIds, instanceId: instanceId() });
    }
    const ended = await db.run.findMany({
      where: { id: { in: runIds }, OR: [{ cancelRequestedAt: { not: null } }, { status: { not: "running" } }] },
      select: { id: true },
    });
    for (const { id } of ended) registry.runs.get(id)?.controller.abort();
  } catch (error) {
    console.warn("[runs] lease renewal or cancel check failed; retrying", error);
  } finally {
    registry.ticking = false;
  }
}
