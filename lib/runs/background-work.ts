// Work a run starts and does not wait for (titling a new thread). Tracked, so tests can wait
// for it explicitly instead of sleeping, and nothing of it is an unobserved rejection.

const holder = globalThis as typeof globalThis & { __workspaceBackgroundWork?: Set<Promise<void>> };
const pending = (holder.__workspaceBackgroundWork ??= new Set());

export function runInBackground(label: string, work: () => Promise<unknown>): void {
  const promise = work().then(
    () => {},
    (error) => console.warn(`[run] ${label} failed`, error),
  );
  pending.add(promise);
  void promise.finally(() => pending.delete(promise));
}

/** Resolves once no background work is left, including work started while waiting. */
export async function backgroundWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
