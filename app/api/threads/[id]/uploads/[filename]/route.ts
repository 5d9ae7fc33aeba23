import { uploadQuery } from "@/lib/api-schemas/thread-files";
import { tokenRoute, noContent, readQuery } from "@/lib/endpoints/route";
import { fileResponse, imageBytesResponse } from "@/lib/http/file-response";
import { deleteThreadUpload } from "@/lib/thread-files/delete-thread-upload";
import { openOwnedThreadFile } from "@/lib/thread-files/open-owned-thread-file";
import { openUploadThumbnail } from "@/lib/thread-files/open-upload-thumbnail";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/uploads/{filename} – the upload's bytes, or with ?size=thumb an image's thumbnail
export const GET = tokenRoute<{ id: string; filename: string }>(async ({ url, user, params }) => {
  const { size } = readQuery(url, uploadQuery);
  const ref = { userId: user.id, threadId: params.id, name: params.filename };
  if (size === "thumb") return imageBytesResponse(await openUploadThumbnail(ref));
  const file = await openOwnedThreadFile({ ...ref, kind: "upload" });
  return fileResponse({ name: file.name, sizeBytes: file.sizeBytes, body: file.stream, download: false });
});

// DELETE /api/threads/{id}/uploads/{filename} – remove one upload and its converted text
export const DELETE = tokenRoute<{ id: string; filename: string }>(async ({ user, params }) => {
  await deleteThreadUpload({ userId: user.id, threadId: params.id, name: params.filename });
  return noContent();
});
