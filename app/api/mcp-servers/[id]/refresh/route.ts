import { authedRoute } from "@/lib/endpoints/route";
import { refreshMcpServer } from "@/lib/mcp/refresh-mcp-server";

export const dynamic = "force-dynamic";

// POST /api/mcp-servers/{id}/refresh – reconnect and list the server's tools again
export const POST = authedRoute<{ id: string }>(async ({ user, params, url }) =>
  Response.json({ server: await refreshMcpServer({ userId: user.id, serverId: params.id, origin: url.origin }) }),
);
