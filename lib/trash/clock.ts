// "Now" for the retention window. Tests replace it (vi.spyOn(trashClock, "now")) to stand at
// exactly TRASH_RETENTION_DAYS after a real trashedAt, to the millisecond, without waiting
// or rewriting rows. Only retention reads it: the sweep's 24-hour guard compares file
// mtimes, which the real clock wrote, so it keeps the real clock.
export const trashClock = {
  now: (): Date => new Date(),
};
