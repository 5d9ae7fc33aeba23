import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { noteTimeSql } from "./note-time-sql";
import { lockOwnedNote } from "./lock-owned-note";
import { toNoteDto, type NoteDto } from "./note-dto";
import { assertNoteWithinCap, normaliseNoteText } from "./note-fields";

/**
 * PATCH /api/projects/{id}/notes/{noteId}: the user's decision on a note, or an edit. Only the
 * user moves a note to `approved` (as is, or with their text) or `dismissed`. Approving gives
 * the note a new approval time, and so does editing an approved note: the text the model will
 * see was approved now, so it is the newest memory and no run that began before sees it.
 * Approving an approved note with no new text changes nothing. Project lock, then the note;
 * an archived project takes no changes (404).
 */
export async function updateNote({
  userId,
  projectId,
  noteId,
  text,
  state,
}: {
  userId: string;
  projectId: string;
  noteId: string;
  text?: string;
  state?: "approved" | "dismissed";
}): Promise<NoteDto> {
  const body = text === undefined ? undefined : normaliseNoteText(text);
  if (body !== undefined) assertNoteWithinCap(body, config().noteMaxBytes);
  return transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    const note = await lockOwnedNote(tx, { noteId, projectId, userId });
    if (!note) throw notFound();

    const nextState = state ?? note.state;
    const nextText = body ?? note.text;
    if (nextState === note.state && nextText === note.text) return toNoteDto(note);
    const approvedNow = nextState === "approved";
    await tx.$executeRaw`
      UPDATE "project_note"
      SET text = ${nextText}, state = ${nextState}::"NoteState", "updatedAt" = ${noteTimeSql},
          "approvedAt" = ${approvedNow ? noteTimeSql : Prisma.sql`"approvedAt"`}
      WHERE id = ${noteId} AND "userId" = ${userId}`;
    return toNoteDto((await tx.projectNote.findFirst({ where: { id: noteId, userId } }))!);
  });
}
