import { z } from "zod";
import { notFound } from "@/lib/http/errors";
import { authedRoute, readQuery } from "@/lib/http/route";
import { fileResponse } from "@/lib/http/file-response";
import { openThreadFile } from "@/lib/thread-files/open-thread-file";
import { kindOfFolder } from "@/lib/thread-files/thread-file-dto";
import { getThreadOrThrow } from "@/lib/threads/get-thread";

export const dynamic = "force-dynamic";

const query = z.object({ download: z.enum(["true", "false"]).default("false") });

// GET /api/threads/{id}/artifacts/{uploads|outputs}/{name} – a file's bytes, streamed from disk
export const GET = authedRoute<{ id: string; folder: string; name: string }>(async ({ url, user, params }) => {
  const { download } = readQuery(url, query);
  await getThreadOrThrow({ threadId: params.id, userId: user.id });
  const kind = kindOfFolder(params.folder);
  if (!kind) throw notFound();
  const file = await openThreadFile({ userId: user.id, threadId: params.id, kind, name: params.name });
  return fileResponse({ name: file.name, sizeBytes: file.sizeBytes, body: file.stream, download: download === "true" });
});
