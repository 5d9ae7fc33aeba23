import { publicConfig } from "@/lib/config/public-config";
import { authedRoute } from "@/lib/endpoints/route";

export const dynamic = "force-dynamic";

// GET /api/config – the limits the UI mirrors, and whether a model is configured
export const GET = authedRoute(async () => Response.json(publicConfig()));
