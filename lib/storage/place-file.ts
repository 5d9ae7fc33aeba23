import "server-only";
import path from "node:path";
import { link, rename } from "node:fs/promises";
import { AppError } from "@/lib/errors";
import { removeFileIfPresent } from "./staging";

// Moving complete staged bytes to where they are read from. Two ways, for two promises:
// uploads never overwrite anything (claim the first free name), outputs replace their
// previous version (one atomic rename). Both happen in one step, so readers see either the
// old state or the whole new file, never a partial or empty one.

function isAlreadyTaken(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === "EEXIST";
}

/**
 * Hard-links the staged file into `dir` under the first of `candidates` that does not exist
 * yet, then drops the staging name. link() fails with EEXIST instead of replacing, which makes
 * the claim safe against concurrent uploads of the same name without any lock. Returns the
 * name that was claimed. The staged file is gone afterwards whether this succeeds or not.
 */
export async function linkUnderFreeName({
  stagedPath,
  dir,
  candidates,
}: {
  stagedPath: string;
  dir: string;
  candidates: Iterable<string>;
}): Promise<string> {
  try {
    for (const candidate of candidates) {
      try {
        await link(stagedPath, path.join(dir, candidate));
        return candidate;
      } catch (error) {
        if (!isAlreadyTaken(error)) throw error;
      }
    }
    throw new AppError("conflict", "Too many files already share this name.");
  } finally {
    await removeFileIfPresent(stagedPath);
  }
}

/** Atomically puts the staged file at `targetPath`, replacing whatever was there. */
export async function replaceWithStaged({
  stagedPath,
  targetPath,
}: {
  stagedPath: string;
  targetPath: string;
}): Promise<void> {
  try {
    await rename(stagedPath, targetPath);
  } catch (error) {
    await removeFileIfPresent(stagedPath);
    throw error;
  }
}
