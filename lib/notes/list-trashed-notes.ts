import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { nextOffset } from "@/lib/http/paging";
import { activeOriginProjectIds } from "@/lib/trash/trash-origin";
import { purgeExpiredNotes } from "./purge-expired-notes";
import { toTrashedNoteDto, type TrashedNotePage } from "./trashed-note-dto";

/**
 * GET /api/trash/notes: the caller's trashed notes, most recently trashed first, after their
 * expired ones are purged (nothing past its retention window is listed). Count, page and the
 * origins' availability come from one transaction so they agree with each other.
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
  const { rows, total, activeProjectIds } = await transaction(async (tx) => {
    const where = { userId, trashedAt: { not: null } };
    const total = await tx.projectNote.count({ where });
    const rows = await tx.projectNote.findMany({
      where,
      orderBy: [{ trashedAt: "desc" }, { id: "asc" }],
      skip: offset,
      take: limit,
    });
    return { rows, total, activeProjectIds: await activeOriginProjectIds(tx, userId, rows) };
  });
  const retentionDays = config().trashRetentionDays;
  const notes = rows.map((row) =>
    toTrashedNoteDto({ ...row, trashedAt: row.trashedAt! }, { activeProjectIds, retentionDays }),
  );
  return { notes, total, nextOffset: nextOffset(offset, notes.length, total), retentionDays };
}
