import type { PinnedProjectContext } from "./pinned-context";

// One predicate decides both whether a run registers the project document tools and whether
// the request builder inserts the project block. It reads only the server-pinned context, so
// no client input can switch either on. A project with empty instructions or an empty shelf
// still counts: the tools stay, only the rendered text shrinks.

export function hasProjectTools(pinned: PinnedProjectContext | null | undefined): pinned is PinnedProjectContext {
  return pinned != null;
}
