import type { ProjectDocument } from "@/lib/generated/prisma/client";

// The wire shape of a shelf document (api.md "Project documents"). storedRelpath, userId and
// the trash fields stay server-side.

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
}

export function toDocumentDto(row: ProjectDocument, contentMissing: boolean): DocumentDto {
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
    contentMissing,
  };
}

/** A page of a shelf (GET /api/projects/{id}/documents). */
export interface DocumentPage {
  documents: DocumentDto[];
  total: number;
  nextOffset: number | null;
}

/** A document added to a shelf (upload, "save to project"): `deduplicated` when identical bytes were already there. */
export interface PlacedDocument {
  document: DocumentDto;
  deduplicated: boolean;
}
