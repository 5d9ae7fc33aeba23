import "server-only";
import path from "node:path";
import { realpath } from "node:fs/promises";
import { notFound } from "@/lib/errors";
import { isGone } from "./is-gone";

// Every path built from something a client named (a file name, a stored relative path) goes
// through here. A lexical check alone is not enough: a symlink inside the root may point
// anywhere, so the real path of whatever already exists is checked too. Escapes are 404,
// exactly like a missing file: the caller learns nothing about what lies outside.

/** Whether `candidate` is `root` itself or lies beneath it (both absolute, normalised). */
export function isWithin(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** The real path of `target`, or of its nearest existing ancestor with the rest appended. */
async function realpathOfExistingPrefix(target: string): Promise<string> {
  const pending: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(await realpath(current), ...pending.reverse());
    } catch (error) {
      if (!isGone(error)) throw error;
      const parent = path.dirname(current);
      if (parent === current) throw error;
      pending.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Resolves `relative` against `root` and returns the absolute path, or throws a 404 when the
 * result (or any symlink on its way) leaves the root. The target need not exist yet.
 */
export async function resolveConfined(root: string, relative: string): Promise<string> {
  if (relative === "" || relative.includes("\0") || path.isAbsolute(relative)) throw notFound();
  const base = path.resolve(root);
  const candidate = path.resolve(base, relative);
  if (candidate === base || !isWithin(base, candidate)) throw notFound();

  const realRoot = await realpathOfExistingPrefix(base);
  const realCandidate = await realpathOfExistingPrefix(candidate);
  if (realCandidate === realRoot || !isWithin(realRoot, realCandidate)) throw notFound();
  return candidate;
}
