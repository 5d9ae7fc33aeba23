import { createNoteBody, listNotesQuery } from "@/lib/api-schemas/notes";
import { tokenRoute, readJsonBody, readQuery } from "@/lib/endpoints/route";
import { createNote } from "@/lib/notes/create-note";
import { listNotes } from "@/lib/notes/list-notes";

export const dynamic = "force-dynamic";

// GET /api/projects/{id}/notes – the project's memory: its notes and the figures of the block the next run receives
export const GET = tokenRoute<{ id: string }>(async ({ url, user, params }) => {
  const { state } = readQuery(url, listNotesQuery);
  return Response.json(await listNotes({ userId: user.id, projectId: params.id, state }));
});

// POST /api/projects/{id}/notes – add the user's own note, approved at once
export const POST = tokenRoute<{ id: string }>(async ({ req, user, params }) => {
  const { text } = await readJsonBody(req, createNoteBody);
  return Response.json({ note: await createNote({ userId: user.id, projectId: params.id, text }) }, { status: 201 });
});
