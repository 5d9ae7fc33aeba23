import type { DocumentDto } from "@/lib/documents/document-dto";
import type { ProjectDto } from "@/lib/projects/project-dto";

// The wire shapes of fork, merge and transfer (docs/architecture.md § "Fork, merge and transfer"),
// shared by the server and lib/client.

/** A document that landed under another name because its own was taken in that folder. */
export interface RenamedDocument {
  from: string;
  to: string;
  /** The folder it landed in; null: the root. */
  folderPath: string | null;
}

/** A document whose content was already in the folder it was to land in: the one that stays. */
export interface DuplicateDocument {
  name: string;
  existing: DocumentDto;
}

/** POST /api/projects/{id}/documents/transfer */
export interface TransferResult {
  /** What is now on the target's shelf: the new copies, or the moved documents in their new place. */
  created: DocumentDto[];
  duplicates: DuplicateDocument[];
  renamed: RenamedDocument[];
}

/** POST /api/projects/{id}/merge: the target as it is now, and what the merge did. */
export interface MergeResult {
  project: ProjectDto;
  documents: { moved: number; kept: DuplicateDocument[]; renamed: RenamedDocument[] };
  notes: { moved: number; kept: number };
  threads: { moved: number };
}
