const DAY_MS = 86_400_000;

/**
 * Whole days until a trashed document is purged, rounded up: a document trashed a moment ago
 * has the full retention left, one due within the day has 1, one past due (swept on the next
 * listing) has 0.
 */
export function daysLeft(purgeAfter: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAfter) - now.getTime()) / DAY_MS));
}
