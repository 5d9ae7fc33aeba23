import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { toNoteDto, type NoteDto } from "@/lib/notes/note-dto";
import { noteTimeSql } from "@/lib/notes/note-time-sql";
import { readTrashOrigin } from "./trash-origin";

/**
 * POST /api/trash/notes/{id}/restore: back into `projectId` when given, else the project it
 * was trashed from; that project must be the caller's and active (404 otherwise, and the UI
 * offers a project picker). The note keeps its state, text and provenance, and its place in
 * memory. Project lock first, then the note, re-checked under its lock: still the caller's
 * and still trashed (restored or purged meanwhile: 404). Its change time is the database's
 * clock, so a run that began before the restore does not read it (read-memory-page.ts).
 */
export async function restoreNote({
  userId,
  noteId,
  projectId,
}: {
  userId: string;
  noteId: string;
  projectId?: string | null;
}): Promise<{ note: NoteDto }> {
  return transaction(async (tx) => {
    const glimpse = await tx.projectNote.findFirst({
      where: { id: noteId, userId, trashedAt: { not: null } },
      select: { projectId: true, trashOrigin: true },
    });
    if (!glimpse) throw notFound();
    const targetId = projectId ?? readTrashOrigin(glimpse).projectId;
    const target = await lockOwnedProject(tx, { projectId: targetId, userId, scope: "active" });
    if (!target) throw notFound();
    const restored = await tx.$executeRaw`
      UPDATE "project_note"
      SET "projectId" = ${target.id}, "trashedAt" = NULL, "trashOrigin" = NULL, "updatedAt" = ${noteTimeSql}
      WHERE id = ${noteId} AND "userId" = ${userId} AND "trashedAt" IS NOT NULL
        ${projectId ? Prisma.empty : Prisma.sql`AND "trashOrigin"->>'projectId' = ${targetId}`}`;
    if (restored === 0) throw notFound();
    return { note: toNoteDto((await tx.projectNote.findFirst({ where: { id: noteId, userId } }))!) };
  });
}
