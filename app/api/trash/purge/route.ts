import { tokenRoute } from "@/lib/endpoints/route";
import { emptyTrash } from "@/lib/trash/empty-trash";

export const dynamic = "force-dynamic";

// POST /api/trash/purge – empty the caller's trash, whatever the age of its documents and notes
export const POST = tokenRoute(async ({ user }) => {
  return Response.json(await emptyTrash({ userId: user.id }));
});
