import { randomUUID } from "node:crypto";
import { config } from "@/lib/config/env";
import { transaction } from "@/lib/db/client";
import { lockOwnedProject } from "@/lib/db/locks";
import { AppError, notFound } from "@/lib/errors";
import { noteTimeSql } from "./note-time-sql";
import { assertNoteWithinCap, normaliseNoteText, NOTE_REASON_MAX_CHARS } from "./note-fields";
import type { NoteState } from "./note-dto";

/**
 * The agent's proposal (the propose_project_note tool): a note in state `proposed`, with the
 * chat, the answer and the reason it came from, until the user decides. The same text as a
 * live note (proposed or approved, not trashed) gives that note back instead of a second
 * copy; the check and the insert run under the project's lock, so two proposals of one text
 * at once make one note. An archived or foreign project takes no proposal (404).
 */
export async function proposeNote({
  userId,
  projectId,
  threadId,
  messageId,
  text,
  reason,
}: {
  userId: string;
  projectId: string;
  threadId: string;
  messageId: string;
  text: string;
  reason: string;
}): Promise<{ noteId: string; state: NoteState }> {
  const body = normaliseNoteText(text);
  if (body === "") throw new AppError("validation_failed", "A note cannot be empty.");
  assertNoteWithinCap(body, config().noteMaxBytes);
  const why = reason.trim();
  if (why.length > NOTE_REASON_MAX_CHARS) {
    throw new AppError(
      "validation_failed",
      `The reason is ${why.length} characters; the limit is ${NOTE_REASON_MAX_CHARS}.`,
    );
  }
  return transaction(async (tx) => {
    const project = await lockOwnedProject(tx, { projectId, userId, scope: "active" });
    if (!project) throw notFound();
    const live = await tx.projectNote.findFirst({
      where: { projectId, userId, text: body, trashedAt: null, state: { in: ["proposed", "approved"] } },
      select: { id: true, state: true },
      orderBy: { createdAt: "asc" },
    });
    if (live) return { noteId: live.id, state: live.state };
    const id = randomUUID();
    await tx.$executeRaw`
      INSERT INTO "project_note"
        (id, "projectId", "userId", text, state, origin, "threadId", "messageId", reason, "createdAt", "updatedAt")
      VALUES (${id}, ${projectId}, ${userId}, ${body}, 'proposed', 'agent', ${threadId}, ${messageId}, ${why},
              ${noteTimeSql}, ${noteTimeSql})`;
    return { noteId: id, state: "proposed" };
  });
}
