import { PROJECT_NAME_MAX_CHARS, projectNameKey } from "@/lib/projects/project-fields";

/**
 * The name an imported project gets: its own when free, else "name (2)", "name (3)" … the
 * first whose key (case- and space-insensitive, as the database compares) is not taken. The
 * base is shortened when the suffix would pass the name cap, so every result is a valid name.
 */
export function uniqueProjectName(name: string, takenKeys: ReadonlySet<string>): string {
  const base = name.trim();
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : ` (${n})`;
    const candidate = `${shortened(base, PROJECT_NAME_MAX_CHARS - suffix.length)}${suffix}`;
    if (!takenKeys.has(projectNameKey(candidate))) return candidate;
  }
}

/** At most `max` UTF-16 units (what the name schema counts), cut between code points. */
function shortened(text: string, max: number): string {
  const codePoints = [...text];
  while (codePoints.join("").length > max) codePoints.pop();
  return codePoints.join("").trimEnd();
}
