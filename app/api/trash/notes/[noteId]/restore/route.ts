import { restoreNoteBody } from "@/lib/api-schemas/notes";
import { tokenRoute, readJsonBody } from "@/lib/endpoints/route";
import { restoreNote } from "@/lib/trash/restore-note";

export const dynamic = "force-dynamic";

// POST /api/trash/notes/{noteId}/restore – back into its project's memory, or into another active project
export const POST = tokenRoute<{ noteId: string }>(async ({ req, user, params }) => {
  const { projectId } = await readJsonBody(req, restoreNoteBody);
  return Response.json(await restoreNote({ userId: user.id, noteId: params.noteId, projectId }));
});
