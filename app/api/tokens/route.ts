import { authedRoute, readJsonBody } from "@/lib/endpoints/route";
import { createToken } from "@/lib/tokens/create-token";
import { listTokens } from "@/lib/tokens/list-tokens";
import { createTokenBody } from "@/lib/tokens/token-fields";

export const dynamic = "force-dynamic";

// GET /api/tokens – the caller's API tokens (never their secrets); session only
export const GET = authedRoute(async ({ user }) => Response.json({ tokens: await listTokens({ userId: user.id }) }));

// POST /api/tokens – a new token; its secret is in this answer and nowhere else
export const POST = authedRoute(async ({ req, user }) => {
  const body = await readJsonBody(req, createTokenBody);
  return Response.json(await createToken({ userId: user.id, ...body }), { status: 201 });
});
