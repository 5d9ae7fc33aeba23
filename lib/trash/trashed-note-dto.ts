import type { ProjectNote } from "@/lib/generated/prisma/client";
import { toNoteDto, type NoteDto } from "@/lib/notes/note-dto";
import { purgeAfter } from "./retention";
import { readTrashOrigin, type TrashOrigin } from "./trash-origin";

// A trash entry for a note: the note, where it came from, whether Restore can go back there
// without a target, and when the sweep may purge it (the same fields as a trashed document).

export interface TrashedNoteDto extends NoteDto {
  trashedAt: string;
  trashOrigin: TrashOrigin;
  originAvailable: boolean;
  purgeAfter: string;
}

export function toTrashedNoteDto(
  row: ProjectNote & { trashedAt: Date },
  { activeProjectIds, retentionDays }: { activeProjectIds: ReadonlySet<string>; retentionDays: number },
): TrashedNoteDto {
  const origin = readTrashOrigin(row);
  return {
    ...toNoteDto(row),
    trashedAt: row.trashedAt.toISOString(),
    trashOrigin: origin,
    originAvailable: activeProjectIds.has(origin.projectId),
    purgeAfter: purgeAfter(row.trashedAt, retentionDays).toISOString(),
  };
}

export interface TrashedNotePage {
  notes: TrashedNoteDto[];
  total: number;
  nextOffset: number | null;
  retentionDays: number;
}
