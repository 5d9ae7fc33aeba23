import type { Client } from "pg";

// The one dedicated PostgreSQL connection per process that LISTENs for run signals (a pooled
// connection cannot: LISTEN belongs to a session). It reconnects after any error, with a
// growing pause, and reports each reconnect so receivers re-read what they may have missed.

interface ListenerOptions {
  url: string;
  channels: string[];
  onNotification: (channel: string, payload: string | undefined) => void;
  onReconnect: () => void;
}

interface Listener {
  client: Client | null;
  stopped: boolean;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

// On globalThis: one connection per process, whichever bundle asks first.
const holder = globalThis as typeof globalThis & { __workspaceListener?: Listener };

export function startNotificationListener(options: ListenerOptions): void {
  if (holder.__workspaceListener) return;
  const listener: Listener = { client: null, stopped: false };
  holder.__workspaceListener = listener;
  let retryMs = RETRY_MIN_MS;
  let connectedBefore = false;

  const connect = async (): Promise<void> => {
    if (listener.stopped) return;
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: options.url });
    listener.client = client;
    let retried = false;
    const retry = (error: unknown) => {
      if (retried || listener.stopped) return;
      retried = true;
      console.warn(
        `[runs] run-signal listener lost (${error instanceof Error ? error.message : String(error)}); reconnecting in ${retryMs} ms`,
      );
      void client.end().catch(() => {});
      setTimeout(() => void connect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    client.on("error", retry);
    client.on("end", () => retry(new Error("connection ended")));
    client.on("notification", (message) => options.onNotification(message.channel, message.payload));
    try {
      await client.connect();
      for (const channel of options.channels) await client.query(`LISTEN ${channel}`);
      retryMs = RETRY_MIN_MS;
      if (connectedBefore) options.onReconnect();
      connectedBefore = true;
    } catch (error) {
      retry(error);
    }
  };
  void connect();
}

/** Closes the connection for good (tests, before their database is dropped). */
export async function stopNotificationListener(): Promise<void> {
  const listener = holder.__workspaceListener;
  holder.__workspaceListener = undefined;
  if (!listener) return;
  listener.stopped = true;
  await listener.client?.end().catch(() => {});
}
