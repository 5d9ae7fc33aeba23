import { purgeExpiredNotes } from "./purge-expired-notes";
import { readTrashPage } from "./read-trash-page";
import { toTrashedNoteDto, type TrashedNotePage } from "./trashed-note-dto";

/**
 * GET /api/trash/notes: the caller's trashed notes, most recently trashed first, after their
 * expired ones are purged (nothing past its retention window is listed).
 */
export async function listTrashedNotes({
  userId,
  limit,
  offset,
}: {
  userId: string;
  limit: number;
  offset: number;
}): Promise<TrashedNotePage> {
  await purgeExpiredNotes({ userId });
  const { rows, ...page } = await readTrashPage((tx) => tx.projectNote, { userId, limit, offset });
  const notes = rows.map((row) => toTrashedNoteDto(row, page));
  return { notes, total: page.total, nextOffset: page.nextOffset, retentionDays: page.retentionDays };
}
