import { updateNoteBody } from "@/lib/api-schemas/notes";
import { tokenRoute, noContent, readJsonBody } from "@/lib/endpoints/route";
import { trashNote } from "@/lib/notes/trash-note";
import { updateNote } from "@/lib/notes/update-note";

export const dynamic = "force-dynamic";

// PATCH /api/projects/{id}/notes/{noteId} – approve, dismiss or edit a note
export const PATCH = tokenRoute<{ id: string; noteId: string }>(async ({ req, user, params }) => {
  const body = await readJsonBody(req, updateNoteBody);
  return Response.json({
    note: await updateNote({ userId: user.id, projectId: params.id, noteId: params.noteId, ...body }),
  });
});

// DELETE /api/projects/{id}/notes/{noteId} – move the note to the trash
export const DELETE = tokenRoute<{ id: string; noteId: string }>(async ({ user, params }) => {
  await trashNote({ userId: user.id, projectId: params.id, noteId: params.noteId });
  return noContent();
});
