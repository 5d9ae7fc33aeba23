import "server-only";
import path from "node:path";
import { isWithin } from "./confine";
import { isGone } from "./is-gone";
import { removeEmptyFolder } from "./stored-files";

/**
 * Removes `from` and then each parent while it is empty, stopping below `stopAt` (never
 * removed). Best-effort: the first folder that is not empty, or cannot go, ends the walk.
 *
 * Only for the shared levels of the shelf layout ({sha[:2]}/{sha}) and a document's own
 * folder after its files are gone. Removing an empty shared folder cannot break a concurrent
 * upload: a placement creates its whole path with `mkdir -p` (which recreates a parent that
 * vanishes mid-way) and renames into its own fresh, non-empty document folder.
 */
export async function pruneEmptyFolders({ from, stopAt }: { from: string; stopAt: string }): Promise<number> {
  let removed = 0;
  let current = path.resolve(from);
  const stop = path.resolve(stopAt);
  while (current !== stop && isWithin(stop, current)) {
    try {
      await removeEmptyFolder(current);
      removed++;
    } catch (error) {
      // Gone: someone else removed it; carry on upwards. Anything else (ENOTEMPTY): stop.
      if (!isGone(error)) break;
    }
    current = path.dirname(current);
  }
  return removed;
}
