import { authedRoute } from "@/lib/endpoints/route";
import { importAccount } from "@/lib/portable/import-account";

export const dynamic = "force-dynamic";

// POST /api/import – recreate an export archive's contents in the caller's account
export const POST = authedRoute(async ({ req, user }) =>
  Response.json(await importAccount({ userId: user.id, req }), { status: 201 }),
);
