import { exportQuery } from "@/lib/api-schemas/portable";
import { readQuery, tokenRoute } from "@/lib/endpoints/route";
import { exportAccount } from "@/lib/portable/export-account";

export const dynamic = "force-dynamic";

// GET /api/export – everything the caller owns as one streamed zip
export const GET = tokenRoute(async ({ user, url }) => {
  const { trash } = readQuery(url, exportQuery);
  const { stream, estimatedBytes } = await exportAccount({ userId: user.id, includeTrash: trash === "true" });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="workspace-export-${day}.zip"`,
      "cache-control": "no-store",
      // The zip's length is unknown until it is written; this lets the UI show progress.
      "x-export-estimated-bytes": String(estimatedBytes),
    },
  });
});
