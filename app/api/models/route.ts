import { authedRoute } from "@/lib/endpoints/route";
import { listModels } from "@/lib/models/list-models";

export const dynamic = "force-dynamic";

// GET /api/models – every endpoint's models, the default marked
export const GET = authedRoute(async () => Response.json(await listModels()));
