import { randomUUID } from "node:crypto";
import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { notFound } from "@/lib/errors";
import { noteTimeSql } from "./note-time-sql";
import { toNoteDto, type NoteDto } from "./note-dto";
import { assertNoteWithinCap, normaliseNoteText } from "./note-fields";

/**
 * POST /api/projects/{id}/notes: the user's own note, approved at once. Under the project's
 * lock, so a note never lands in a project that is being archived or deleted; an archived
 * project takes no notes (404, as for documents).
 */
export async function createNote({
  userId,
  projectId,
  text,
}: {
  userId: string;
  projectId: string;
  text: string;
}): Promise<NoteDto> {
  const body = normaliseNoteText(text);
  assertNoteWithinCap(body, config().noteMaxBytes);
  return transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "project_note" (id, "projectId", "userId", text, state, origin, "createdAt", "updatedAt", "approvedAt")
      VALUES (${randomUUID()}, ${projectId}, ${userId}, ${body}, 'approved', 'user',
              ${noteTimeSql}, ${noteTimeSql}, ${noteTimeSql})
      RETURNING id`;
    return toNoteDto((await tx.projectNote.findFirst({ where: { id: row!.id, userId } }))!);
  });
}
