import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";

/** POST /api/trash/notes/{id}/purge: deletes one trashed note for good; 404 unless it is the caller's and in the trash. */
export async function purgeNote({ userId, noteId }: { userId: string; noteId: string }): Promise<void> {
  const db = await getDb();
  const { count } = await db.projectNote.deleteMany({ where: { id: noteId, userId, trashedAt: { not: null } } });
  if (count === 0) throw notFound();
}
