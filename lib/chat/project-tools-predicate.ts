import type { PinnedProjectContext } from "./pinned-context";

// One predicate decides both whether a run registers the project document tools and whether
// the request builder inserts the project block (reference design §10.11). It reads only the
// server-pinned context, so no client input can switch either on. A project with empty
// instructions or an empty shelf still counts: the tools stay, only the rendered text shrinks.

export const LIST_PROJECT_DOCUMENTS = "list_project_documents";
export const READ_PROJECT_DOCUMENT = "read_project_document";
export const PROJECT_TOOL_NAMES = [LIST_PROJECT_DOCUMENTS, READ_PROJECT_DOCUMENT] as const;

export type ProjectToolName = (typeof PROJECT_TOOL_NAMES)[number];

export function hasProjectTools(pinned: PinnedProjectContext | null | undefined): pinned is PinnedProjectContext {
  return pinned != null;
}

/** The project tool names a run registers: both or none. */
export function projectToolNamesFor(pinned: PinnedProjectContext | null | undefined): readonly ProjectToolName[] {
  return hasProjectTools(pinned) ? PROJECT_TOOL_NAMES : [];
}
