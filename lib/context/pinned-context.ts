import {
  fingerprint,
  renderDocumentsBlock,
  renderProjectBlock,
  type IndexLimits,
  type ProjectIdentity,
} from "./render-project-context";
import type { ShelfSnapshot } from "@/lib/documents/shelf-entry";

// The project context of one run, resolved once at admission and held only in server memory
// (design: "The run", step 1). Every model call of the run renders from this value; nothing
// the client sends can build or change it, and it is never persisted.

export interface PinnedProjectContext {
  readonly projectId: string;
  readonly name: string;
  readonly instructions: string;
  readonly shelf: ShelfSnapshot;
  readonly projectBlock: string;
  /** Null when the shelf is empty: no `<documents>` block at all. */
  readonly documentsBlock: string | null;
  /** How many documents the index lists (a prefix of the index order); 0 for an empty shelf. */
  readonly indexShown: number;
  /** sha256 of `projectBlock`. */
  readonly projectContextRevision: string;
  /** sha256 of `documentsBlock`, null when there is none. */
  readonly projectShelfRevision: string | null;
}

/** A pinned context with what the context panel also shows: whether the project is archived. */
export interface AdmittedProject {
  pinned: PinnedProjectContext;
  archived: boolean;
}

export interface PinnedContextInput {
  project: ProjectIdentity;
  shelf: ShelfSnapshot;
  limits: IndexLimits;
}

/** Renders both blocks once, so every step of the run sends identical bytes. */
export function buildPinnedContext({ project, shelf, limits }: PinnedContextInput): PinnedProjectContext {
  const projectBlock = renderProjectBlock(project);
  const documents = renderDocumentsBlock(shelf, limits);
  return Object.freeze({
    projectId: project.id,
    name: project.name,
    instructions: project.instructions,
    shelf: Object.freeze({ total: shelf.total, entries: Object.freeze([...shelf.entries]) }),
    projectBlock,
    documentsBlock: documents?.text ?? null,
    indexShown: documents?.shown ?? 0,
    projectContextRevision: fingerprint(projectBlock),
    projectShelfRevision: documents ? fingerprint(documents.text) : null,
  });
}

/** The text of the one request-only user message: project block, then the index when present. */
export function pinnedContextText(pinned: PinnedProjectContext): string {
  return pinned.documentsBlock === null ? pinned.projectBlock : `${pinned.projectBlock}\n${pinned.documentsBlock}`;
}
