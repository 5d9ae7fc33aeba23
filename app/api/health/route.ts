import { databaseKind, getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

// GET /api/health – liveness and which database backs this server (no auth; like every
// route off the token allowlist, it refuses an API token rather than ignore it)
export async function GET(req: Request): Promise<Response> {
  if (req.headers.has("authorization"))
    return errorResponse(new AppError("unauthorized", "API tokens are not accepted here."));
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    return Response.json({ ok: true, database: await databaseKind() });
  } catch (error) {
    console.error("[health] database check failed", error);
    return errorResponse(new AppError("unavailable", "The database is not reachable."));
  }
}
