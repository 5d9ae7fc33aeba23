import type { ProjectNote } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";

/**
 * Locks one of the caller's notes in a project, live (not trashed), and reads it under the
 * lock; null when it is missing, foreign, in another project or trashed. Lock order: the
 * project first (lockOwnedProject), then the note, as for documents.
 */
export async function lockOwnedNote(
  tx: Tx,
  { noteId, projectId, userId }: { noteId: string; projectId: string; userId: string },
): Promise<ProjectNote | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "project_note"
    WHERE id = ${noteId} AND "projectId" = ${projectId} AND "userId" = ${userId} AND "trashedAt" IS NULL
    FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.projectNote.findFirst({ where: { id: noteId, userId } });
}
