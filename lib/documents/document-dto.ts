import type { ProjectDocument } from "@/lib/generated/prisma/client";

// The wire shape of a shelf document. storedRelpath, userId and the trash fields stay server-side.

export interface DocumentDto {
  id: string;
  projectId: string;
  name: string;
  sizeBytes: number;
  sha256: string;
  sourceThreadId: string | null;
  sourceKind: "upload" | "output" | null;
  sourceName: string | null;
  createdAt: string;
  updatedAt: string;
  contentMissing: boolean;
  /** The folder it sits in and that folder's path (names from the root, joined by "/"); null at the root. */
  folderId: string | null;
  folderPath: string | null;
}

/** The columns a DocumentDto is made of: all a listing needs to read. */
export type DocumentDtoRow = Pick<
  ProjectDocument,
  | "id"
  | "projectId"
  | "name"
  | "sizeBytes"
  | "sha256"
  | "sourceThreadId"
  | "sourceKind"
  | "sourceName"
  | "createdAt"
  | "updatedAt"
  | "contentMissing"
  | "folderId"
> & { folderPath: string | null };

/** `contentMissing` is the row's recorded flag (lib/documents/record-content-missing.ts). */
export function toDocumentDto(row: DocumentDtoRow): DocumentDto {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    sizeBytes: Number(row.sizeBytes),
    sha256: row.sha256,
    sourceThreadId: row.sourceThreadId,
    sourceKind: row.sourceKind,
    sourceName: row.sourceName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    contentMissing: row.contentMissing,
    folderId: row.folderId,
    folderPath: row.folderId === null ? null : row.folderPath,
  };
}

export interface DocumentMatch {
  /** The best passage's words around the query's, as plain text (the name when only it matched). */
  snippet: string;
  /** [start, end) UTF-16 ranges in `snippet` of the words that matched. */
  highlights: [number, number][];
  /** The best passage's character range in the document's text; null when only the name matched. */
  offset: number | null;
  end: number | null;
  heading: string | null;
  /** 1-based page of a PDF's passage, else null. */
  page: number | null;
  /** Relevance (higher is better; comparable within one search only). */
  score: number;
}

/** A shelf row in a listing; with a search (`q`), `match` says where the query was found. */
export type ListedDocument = DocumentDto & { match?: DocumentMatch };

/** A page of a shelf (GET /api/projects/{id}/documents). */
export interface DocumentPage {
  documents: ListedDocument[];
  total: number;
  nextOffset: number | null;
  /** The next page's keyset cursor; null at the end. */
  nextCursor: string | null;
}

/** A document added to a shelf (upload, "save to project"): `deduplicated` when identical bytes were already there. */
export interface PlacedDocument {
  document: DocumentDto;
  deduplicated: boolean;
}
