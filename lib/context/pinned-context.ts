import {
  fingerprint,
  renderDocumentsBlock,
  renderProjectBlock,
  type IndexLimits,
  type ProjectIdentity,
} from "./render-project-context";
import type { ShelfSnapshot } from "@/lib/documents/shelf-entry";
import { renderMemoryBlock, type MemorySnapshot } from "./render-memory-block";
import type { ChatScope } from "@/lib/threads/thread-scope";

// The project context of one run, resolved once at admission and held only in server memory
// (docs/architecture.md § "The path of a run", step 3). Every model call of the run renders from
// this value; nothing the client sends can build or change it, and it is never persisted.

export interface PinnedProjectContext {
  readonly projectId: string;
  readonly name: string;
  readonly instructions: string;
  readonly shelf: ShelfSnapshot;
  /** The chat's scope the run was admitted with: its index and shelf tools see only this; null: the whole shelf. */
  readonly scope: ChatScope | null;
  /** Whether the project was archived at admission: its memory is shown, but it takes no proposals. */
  readonly archived: boolean;
  readonly projectBlock: string;
  /** Null when the project has no approved note: no `<memory>` block at all. */
  readonly memoryBlock: string | null;
  /** Approved notes the block shows (newest first) and how many there are in all. */
  readonly memoryShown: number;
  readonly memoryTotal: number;
  /**
   * The database's time at admission: the run's memory tool reads only notes approved before
   * it, so a note approved while the run streams reaches the next run, not this one.
   */
  readonly pinnedAt: Date;
  /** Null when the shelf is empty: no `<documents>` block at all. */
  readonly documentsBlock: string | null;
  /** How many documents the index lists (a prefix of the index order); 0 for an empty shelf. */
  readonly indexShown: number;
  /** sha256 of `projectBlock`. */
  readonly projectContextRevision: string;
  /** sha256 of `documentsBlock`, null when there is none. */
  readonly projectShelfRevision: string | null;
  /** sha256 of `memoryBlock`, null when there is none. */
  readonly projectMemoryRevision: string | null;
}

/** A pinned context with what the context panel also shows: whether the project is archived. */
export interface AdmittedProject {
  pinned: PinnedProjectContext;
  archived: boolean;
}

export interface PinnedContextInput {
  project: ProjectIdentity;
  shelf: ShelfSnapshot;
  memory: MemorySnapshot;
  limits: IndexLimits & { memoryMaxBytes: number };
  archived: boolean;
  pinnedAt: Date;
  scope?: ChatScope | null;
}

/** Renders every block once, so every step of the run sends identical bytes. */
export function buildPinnedContext({
  project,
  shelf,
  memory,
  limits,
  archived,
  pinnedAt,
  scope = null,
}: PinnedContextInput): PinnedProjectContext {
  const projectBlock = renderProjectBlock(project);
  const memoryBlock = renderMemoryBlock(memory, limits.memoryMaxBytes);
  const documents = renderDocumentsBlock(shelf, limits);
  return Object.freeze({
    projectId: project.id,
    name: project.name,
    instructions: project.instructions,
    shelf: Object.freeze({ total: shelf.total, entries: Object.freeze([...shelf.entries]) }),
    scope: scope && Object.freeze({ folderIds: [...scope.folderIds], documentIds: [...scope.documentIds] }),
    archived,
    projectBlock,
    memoryBlock: memoryBlock?.text ?? null,
    memoryShown: memoryBlock?.shown ?? 0,
    memoryTotal: memoryBlock?.count ?? 0,
    pinnedAt,
    documentsBlock: documents?.text ?? null,
    indexShown: documents?.shown ?? 0,
    projectContextRevision: fingerprint(projectBlock),
    projectShelfRevision: documents ? fingerprint(documents.text) : null,
    projectMemoryRevision: memoryBlock ? fingerprint(memoryBlock.text) : null,
  });
}

/**
 * The text of the one request-only user message: the project block (its instructions), then
 * its memory, then the index, each only when present.
 */
export function pinnedContextText(pinned: PinnedProjectContext): string {
  return [pinned.projectBlock, pinned.memoryBlock, pinned.documentsBlock]
    .filter((block): block is string => block !== null)
    .join("\n");
}
