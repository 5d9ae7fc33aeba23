import { getDb } from "@/lib/db/client";

export const MEMORY_PAGE_SIZE = 20;

/**
 * The read_project_memory tool's page: the project's approved notes, newest first (memory's
 * order), `MEMORY_PAGE_SIZE` at a time. Only notes approved and unchanged since before the run
 * began (`pinnedAt`, the database's clock at admission): a note approved, edited or restored
 * while the run streams reaches the next run, like the `<memory>` block. Proposed, dismissed
 * and trashed notes are never read.
 */
export async function readMemoryPage({
  userId,
  projectId,
  pinnedAt,
  offset,
}: {
  userId: string;
  projectId: string;
  pinnedAt: Date;
  offset: number;
}): Promise<{ notes: { id: string; text: string }[]; nextOffset: number | null }> {
  const db = await getDb();
  const rows = await db.projectNote.findMany({
    where: { projectId, userId, state: "approved", trashedAt: null, updatedAt: { lte: pinnedAt } },
    orderBy: [{ approvedAt: "desc" }, { id: "desc" }],
    select: { id: true, text: true },
    skip: offset,
    take: MEMORY_PAGE_SIZE + 1,
  });
  const notes = rows.slice(0, MEMORY_PAGE_SIZE);
  return { notes, nextOffset: rows.length > MEMORY_PAGE_SIZE ? offset + MEMORY_PAGE_SIZE : null };
}
