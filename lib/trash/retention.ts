// The retention window (TRASH_RETENTION_DAYS), as pure date arithmetic shared by the sweep
// and the trash listing, so `purgeAfter` shown to the user is exactly when the sweep acts.
//
// The boundary: a row is expired once it has been in the trash for the full window, i.e.
// when now >= trashedAt + days (equivalently trashedAt <= now − days). "Kept for 30 days"
// is the half-open interval [trashedAt, purgeAfter): one millisecond before purgeAfter the
// row is kept, at purgeAfter it may go. Choosing the closed side at the end keeps the rule
// one comparison everywhere and makes `purgeAfter` the first instant of eligibility rather
// than the last instant of safety, which is what a "purged after" date tells the user.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows trashed at or before this instant are expired at `now`. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/** The first instant at which a row trashed at `trashedAt` may be purged by the sweep. */
export function purgeAfter(trashedAt: Date, retentionDays: number): Date {
  return new Date(trashedAt.getTime() + retentionDays * DAY_MS);
}

export function isExpired(trashedAt: Date, cutoff: Date): boolean {
  return trashedAt.getTime() <= cutoff.getTime();
}
