import { timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config/env";
import { databaseKind, getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { readEventLoopReport } from "@/lib/health/watch-event-loop";
import { errorResponse } from "@/lib/http/error-response";

export const dynamic = "force-dynamic";

// GET /api/health – liveness and which database backs this server (no auth; like every
// route off the token allowlist, it refuses an API token rather than ignore it).
// `?detail=1` adds the event loop's delay and the process's memory for an operator who sends
// HEALTH_DETAIL_SECRET as X-Health-Secret; anyone else gets the plain answer, with no hint.
export async function GET(req: Request): Promise<Response> {
  if (req.headers.has("authorization"))
    return errorResponse(new AppError("unauthorized", "API tokens are not accepted here."));
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    const health = { ok: true, database: await databaseKind() };
    if (!isOperator(req)) return Response.json(health);
    const { rss, heapUsed, external } = process.memoryUsage();
    return Response.json({ ...health, eventLoop: readEventLoopReport(), memory: { rss, heapUsed, external } });
  } catch (error) {
    console.error("[health] database check failed", error);
    return errorResponse(new AppError("unavailable", "The database is not reachable."));
  }
}

function isOperator(req: Request): boolean {
  if (new URL(req.url).searchParams.get("detail") !== "1") return false;
  const secret = config().healthDetailSecret;
  const sent = req.headers.get("x-health-secret");
  if (!secret || sent === null) return false;
  const [a, b] = [Buffer.from(secret), Buffer.from(sent)];
  return a.length === b.length && timingSafeEqual(a, b);
}
