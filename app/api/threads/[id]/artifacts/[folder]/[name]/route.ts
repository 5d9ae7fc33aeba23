import { artifactQuery } from "@/lib/api-schemas/thread-files";
import { notFound } from "@/lib/errors";
import { tokenRoute, readQuery } from "@/lib/endpoints/route";
import { fileResponse } from "@/lib/http/file-response";
import { openOwnedThreadFile } from "@/lib/thread-files/open-owned-thread-file";
import { kindOfFolder } from "@/lib/thread-files/thread-file-dto";

export const dynamic = "force-dynamic";

// GET /api/threads/{id}/artifacts/{uploads|outputs}/{name} – a file's bytes, streamed from disk
export const GET = tokenRoute<{ id: string; folder: string; name: string }>(async ({ url, user, params }) => {
  const { download } = readQuery(url, artifactQuery);
  const kind = kindOfFolder(params.folder);
  if (!kind) throw notFound();
  const file = await openOwnedThreadFile({ userId: user.id, threadId: params.id, kind, name: params.name });
  return fileResponse({ name: file.name, sizeBytes: file.sizeBytes, body: file.stream, download: download === "true" });
});
