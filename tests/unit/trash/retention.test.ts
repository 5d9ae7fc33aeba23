import { describe, expect, it } from "vitest";
import { isExpired, purgeAfter, retentionCutoff } from "@/lib/trash/retention";

// The retention boundary: expired once the full window has passed, i.e. at purgeAfter itself.

const DAY = 24 * 60 * 60 * 1000;
const trashedAt = new Date("2026-03-01T12:00:00.000Z");

describe("retention window", () => {
  it.each([
    [1, "2026-03-02T12:00:00.000Z"],
    [30, "2026-03-31T12:00:00.000Z"],
    [3650, new Date(trashedAt.getTime() + 3650 * DAY).toISOString()],
  ])("purgeAfter for %i day(s) is trashedAt + the window", (days, expected) => {
    expect(purgeAfter(trashedAt, days).toISOString()).toBe(expected);
  });

  it.each([
    ["one millisecond before purgeAfter", -1, false],
    ["one second before purgeAfter", -1000, false],
    ["exactly at purgeAfter", 0, true],
    ["one millisecond after", 1, true],
  ])("%s: expired = %s", (_label, offsetMs, expired) => {
    const now = new Date(purgeAfter(trashedAt, 30).getTime() + offsetMs);
    expect(isExpired(trashedAt, retentionCutoff(now, 30))).toBe(expired);
  });
});
