import { tokenRoute, noContent } from "@/lib/endpoints/route";
import { deleteThreadUpload } from "@/lib/thread-files/delete-thread-upload";

export const dynamic = "force-dynamic";

// DELETE /api/threads/{id}/uploads/{filename} – remove one upload and its converted text
export const DELETE = tokenRoute<{ id: string; filename: string }>(async ({ user, params }) => {
  await deleteThreadUpload({ userId: user.id, threadId: params.id, name: params.filename });
  return noContent();
});
