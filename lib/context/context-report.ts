import { utf8ByteLength } from "@/lib/text/utf8-byte-length";
import type { AdmittedProject } from "./pinned-context";
import type { ChatScope } from "@/lib/threads/thread-scope";

// What the next run of a project thread receives, in the numbers GET /api/threads/{id}/context
// answers with (docs/architecture.md § "Glossary": Context). Pure: every figure comes from the
// context admission pinned, so the panel cannot disagree with the request it describes.

export const OMITTED_LISTED_MAX = 100;

export interface ContextReport {
  project: { id: string; name: string; archived: boolean };
  instructions: { bytes: number; maxBytes: number };
  /** The `<memory>` block: its bytes, its cap, the approved notes it shows and how many there are. */
  memory: { bytes: number; maxBytes: number; shown: number; total: number };
  index: { entries: number; totalDocuments: number; bytes: number; maxBytes: number; truncated: boolean };
  omitted: { count: number; documents: { id: string; name: string }[] };
  /** The chat's scope, when it has one: the index and the tools count and list only what is inside it. */
  scope: ScopeReport | null;
}

/** A scope as the panel shows it: its ids, and the folders (by path) and live documents they name now. */
export interface ScopeReport extends ChatScope {
  folders: { id: string; path: string }[];
  documents: { id: string; name: string }[];
}

export interface ContextReportInput {
  admitted: AdmittedProject;
  limits: { instructionsMaxBytes: number; indexMaxBytes: number; memoryMaxBytes: number };
  /** The first documents outside the index, in index order (at most OMITTED_LISTED_MAX are kept). */
  outsideIndex: readonly { id: string; name: string }[];
  scope?: ScopeReport | null;
}

export function reportContext({
  admitted: { pinned, archived },
  limits,
  outsideIndex,
  scope = null,
}: ContextReportInput): ContextReport {
  // The renderer trusts the larger of the count and the rows in hand; so does the report.
  const totalDocuments = Math.max(pinned.shelf.total, pinned.shelf.entries.length);
  const omittedCount = totalDocuments - pinned.indexShown;
  return {
    project: { id: pinned.projectId, name: pinned.name, archived },
    instructions: { bytes: utf8ByteLength(pinned.instructions), maxBytes: limits.instructionsMaxBytes },
    memory: {
      bytes: pinned.memoryBlock === null ? 0 : utf8ByteLength(pinned.memoryBlock),
      maxBytes: limits.memoryMaxBytes,
      shown: pinned.memoryShown,
      total: pinned.memoryTotal,
    },
    index: {
      entries: pinned.indexShown,
      totalDocuments,
      bytes: pinned.documentsBlock === null ? 0 : utf8ByteLength(pinned.documentsBlock),
      maxBytes: limits.indexMaxBytes,
      truncated: omittedCount > 0,
    },
    omitted: {
      count: omittedCount,
      documents: outsideIndex
        .slice(0, Math.min(OMITTED_LISTED_MAX, omittedCount))
        .map(({ id, name }) => ({ id, name })),
    },
    scope,
  };
}
