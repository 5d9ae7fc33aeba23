import { toDocumentDto, type DocumentDto } from "@/lib/documents/document-dto";
import type { ProjectDocument } from "@/lib/generated/prisma/client";
import { purgeAfter } from "./retention";
import { readTrashOrigin, type TrashOrigin } from "./trash-origin";

// The wire shape of a trash entry: a Document plus where it came from, whether Restore can go back
// there without a target, and when the sweep may purge it.

export interface TrashedDocumentDto extends DocumentDto {
  trashedAt: string;
  origin: TrashOrigin;
  /** The origin project still exists, is the caller's and is active. */
  originAvailable: boolean;
  /** The first instant the retention sweep may purge it (see retention.ts for the boundary). */
  purgeAfter: string;
}

export function toTrashedDocumentDto(
  row: ProjectDocument & { trashedAt: Date },
  { activeProjectIds, retentionDays }: { activeProjectIds: ReadonlySet<string>; retentionDays: number },
): TrashedDocumentDto {
  const origin = readTrashOrigin(row);
  return {
    // A trashed row sits in no folder; its origin remembers the one it left.
    ...toDocumentDto({ ...row, folderPath: null }),
    trashedAt: row.trashedAt.toISOString(),
    origin,
    originAvailable: activeProjectIds.has(origin.projectId),
    purgeAfter: purgeAfter(row.trashedAt, retentionDays).toISOString(),
  };
}

/** A page of the trash (GET /api/trash/documents). */
export interface TrashPage {
  documents: TrashedDocumentDto[];
  total: number;
  nextOffset: number | null;
  retentionDays: number;
}

export interface RestoreResult {
  /** "merged": the target already had identical bytes on its shelf; the trashed copy is gone. */
  outcome: "restored" | "merged";
  document: DocumentDto;
}
