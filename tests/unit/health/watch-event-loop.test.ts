import { expect, it } from "vitest";
import { BLOCK_WARN_MS, readEventLoopReport, watchEventLoop } from "@/lib/health/watch-event-loop";

it("reports delay percentiles and logs a block of the thread past the threshold", async () => {
  expect(readEventLoopReport()).toBeNull();
  const warnings: string[] = [];
  watchEventLoop((message) => warnings.push(message));
  // Let the watcher's timer run freely first: no warning for an idle loop.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(warnings).toEqual([]);
  const start = performance.now();
  while (performance.now() - start < BLOCK_WARN_MS + 80) {
    // hold the thread
  }
  await expect.poll(() => warnings.length).toBe(1);
  const blocked = Number(/blocked for (\d+) ms/.exec(warnings[0]!)?.[1]);
  expect(blocked).toBeGreaterThanOrEqual(BLOCK_WARN_MS);
  const report = readEventLoopReport()!;
  expect(report.blocksOverWarn).toBe(1);
  expect(report.longestBlockMs).toBe(blocked);
  expect(report.maxMs).toBeGreaterThanOrEqual(BLOCK_WARN_MS);
  expect(report.p50Ms).toBeLessThan(BLOCK_WARN_MS);
});
