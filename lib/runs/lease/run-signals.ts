import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { startNotificationListener } from "./notification-listener";

// Wake-ups about one run, across instances (docs/architecture.md § "The path of a run", step 8):
// `cancel` tells the instance streaming the run to abort it; `stream` tells followers that the
// run's persisted stream grew or ended. With PostgreSQL they travel by NOTIFY to every instance's
// LISTEN connection; the embedded database is one process, so they stay in process. A signal is
// only a hint to look at the database again: every receiver also polls, so a lost NOTIFY (a dropped
// listener connection) delays, never loses, a cancel or a batch. `approval` tells the run that an
// MCP tool call it waits on was answered (lib/mcp/await-approval.ts).

export type RunSignal = "cancel" | "stream" | "approval";

const CHANNELS: Record<RunSignal, string> = {
  cancel: "workspace_run_cancel",
  stream: "workspace_run_stream",
  approval: "workspace_run_approval",
};

type Handler = () => void;

// On globalThis: route handlers and server actions are bundled separately by Next.
const holder = globalThis as typeof globalThis & { __workspaceRunSignals?: Map<string, Set<Handler>> };
const handlers = (holder.__workspaceRunSignals ??= new Map());

const keyOf = (signal: RunSignal, runId: string) => `${signal}:${runId}`;

function deliver(signal: RunSignal, runId: string): void {
  for (const handler of handlers.get(keyOf(signal, runId)) ?? []) handler();
}

/** After a reconnect, notifications sent meanwhile are lost: everyone looks again. */
function deliverToAll(): void {
  for (const set of handlers.values()) for (const handler of set) handler();
}

/** Starts listening (PostgreSQL only) so a cancel sent right after a run starts is heard. */
export function listenForRunSignals(): void {
  const { databaseUrl } = config();
  if (!databaseUrl) return;
  startNotificationListener({
    url: databaseUrl,
    channels: Object.values(CHANNELS),
    onNotification: (channel, payload) => {
      const signal = (Object.keys(CHANNELS) as RunSignal[]).find((key) => CHANNELS[key] === channel);
      if (signal && payload) deliver(signal, payload);
    },
    onReconnect: deliverToAll,
  });
}

export function onRunSignal(signal: RunSignal, runId: string, handler: Handler): () => void {
  listenForRunSignals();
  const key = keyOf(signal, runId);
  let set = handlers.get(key);
  if (!set) handlers.set(key, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0 && handlers.get(key) === set) handlers.delete(key);
  };
}

/** Wakes this process's receivers now, and every other instance's through NOTIFY. */
export async function sendRunSignal(signal: RunSignal, runId: string): Promise<void> {
  deliver(signal, runId);
  if (!config().databaseUrl) return;
  try {
    const db = await getDb();
    await db.$executeRaw`SELECT pg_notify(${CHANNELS[signal]}, ${runId})`;
  } catch (error) {
    console.warn(
      `[runs] could not notify other instances (${signal} ${runId}); they will see it when they poll`,
      error,
    );
  }
}
