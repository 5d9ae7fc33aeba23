import { assertInstructionsWithinCap } from "./project-fields";

/**
 * The target's instructions after a merge (docs/architecture.md § "Fork, merge and transfer"): the
 * target's stay as they are, and the source's are appended under a heading naming the source when
 * they say something the target's do not. Empty source instructions, or ones the target already
 * holds word for word, change nothing (null). A result over the cap is refused (422), never cut, so
 * the merge that would make it stops before anything moves.
 */
export function mergedInstructions({
  target,
  source,
  sourceName,
  maxBytes,
}: {
  target: string;
  source: string;
  sourceName: string;
  maxBytes: number;
}): string | null {
  const added = source.trim();
  if (added === "" || target.includes(added)) return null;
  const merged = target.trim() === "" ? added : `${target.trimEnd()}\n\n## ${oneLine(sourceName)}\n\n${added}`;
  assertInstructionsWithinCap(merged, maxBytes);
  return merged;
}

/** A name as a Markdown heading: one line, whatever it holds. */
function oneLine(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}
