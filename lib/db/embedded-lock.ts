import { mkdir } from "node:fs/promises";
import lockfile from "proper-lockfile";

// PGlite gives a second process no error on the same directory; one of them then silently
// loses writes. An exclusive lock on the directory makes the second process fail loudly.

export class DatabaseLockedError extends Error {
  constructor(directory: string) {
    super(
      `The embedded database at ${directory} is in use by another process. ` +
        `Stop the other server (or set DATA_DIR to another folder). If no other server is running, ` +
        `the lock goes stale within 10 seconds: start again then.`,
    );
    this.name = "DatabaseLockedError";
  }
}

/** Takes the directory's lock, or throws DatabaseLockedError. Resolves to the release function. */
export async function lockDatabaseDirectory(directory: string): Promise<() => Promise<void>> {
  await mkdir(directory, { recursive: true });
  try {
    return await lockfile.lock(directory, {
      stale: 10_000,
      update: 2_000,
      realpath: false,
      onCompromised: (error) => console.error(`[db] lost the lock on ${directory}: ${error.message}`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(directory);
    throw error;
  }
}
