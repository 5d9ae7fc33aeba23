import { tokenRoute, noContent } from "@/lib/endpoints/route";
import { purgeNote } from "@/lib/trash/purge-note";

export const dynamic = "force-dynamic";

// POST /api/trash/notes/{noteId}/purge – delete one trashed note for good
export const POST = tokenRoute<{ noteId: string }>(async ({ user, params }) => {
  await purgeNote({ userId: user.id, noteId: params.noteId });
  return noContent();
});
