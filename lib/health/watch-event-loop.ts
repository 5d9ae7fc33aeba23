import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";

// How long the server's one thread was held, as an operator sees it: every request of an
// instance waits while anything runs on it, so a block here stalls every user at once.
// A histogram of event-loop delay since start (p99, max) for `/api/health?detail=1`, and a
// warning in the log for each single block past BLOCK_WARN_MS, naming how long it was.

/** A single block this long is logged. */
export const BLOCK_WARN_MS = 100;
/** How often the watcher's own timer looks; a block shows as this timer arriving late. */
const TICK_MS = 20;

interface Watcher {
  histogram: IntervalHistogram;
  blocks: number;
  longestBlockMs: number;
}

const holder = globalThis as typeof globalThis & { __eventLoopWatcher?: Watcher };

/** Starts watching (once per process; later calls do nothing). */
export function watchEventLoop(warn: (message: string) => void = (m) => console.warn(m)): void {
  if (holder.__eventLoopWatcher) return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const watcher: Watcher = { histogram, blocks: 0, longestBlockMs: 0 };
  holder.__eventLoopWatcher = watcher;
  let expected = performance.now() + TICK_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    const lateMs = now - expected;
    expected = now + TICK_MS;
    if (lateMs < BLOCK_WARN_MS) return;
    watcher.blocks += 1;
    watcher.longestBlockMs = Math.max(watcher.longestBlockMs, lateMs);
    warn(`[event-loop] the server's thread was blocked for ${Math.round(lateMs)} ms`);
  }, TICK_MS);
  timer.unref();
}

export interface EventLoopReport {
  /** Delay percentiles since start, in milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Blocks past BLOCK_WARN_MS since start, and the longest. */
  blocksOverWarn: number;
  longestBlockMs: number;
}

/** What the watcher has seen, or null when it is not running (tests, scripts). */
export function readEventLoopReport(): EventLoopReport | null {
  const watcher = holder.__eventLoopWatcher;
  if (!watcher) return null;
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  return {
    p50Ms: ms(watcher.histogram.percentile(50)),
    p99Ms: ms(watcher.histogram.percentile(99)),
    maxMs: ms(watcher.histogram.max),
    blocksOverWarn: watcher.blocks,
    longestBlockMs: Math.round(watcher.longestBlockMs),
  };
}
