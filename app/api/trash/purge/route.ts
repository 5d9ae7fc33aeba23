import { tokenRoute } from "@/lib/endpoints/route";
import { emptyWholeTrash } from "@/lib/notes/empty-whole-trash";

export const dynamic = "force-dynamic";

// POST /api/trash/purge – empty the caller's trash, whatever the age of its documents and notes
export const POST = tokenRoute(async ({ user }) => {
  return Response.json(await emptyWholeTrash({ userId: user.id }));
});
