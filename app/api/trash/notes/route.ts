import { listTrashQuery } from "@/lib/api-schemas/trash";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import { listTrashedNotes } from "@/lib/trash/list-trashed-notes";

export const dynamic = "force-dynamic";

// GET /api/trash/notes – the caller's trashed notes, after their retention purge
export const GET = tokenRoute(async ({ url, user }) => {
  const { limit, offset } = readQuery(url, listTrashQuery);
  return Response.json(await listTrashedNotes({ userId: user.id, limit, offset }));
});
