import { authedRoute } from "@/lib/endpoints/route";
import { startMcpAuthorization } from "@/lib/mcp/authorize-mcp-server";

export const dynamic = "force-dynamic";

// GET /api/mcp-servers/{id}/authorize – send the browser to the server's authorization page (OAuth 2.1 with PKCE)
export const GET = authedRoute<{ id: string }>(async ({ user, params, url }) => {
  const start = await startMcpAuthorization({ userId: user.id, serverId: params.id, origin: url.origin });
  const target =
    start.kind === "redirect"
      ? start.url
      : `${url.origin}/workspace/settings?mcpServer=${params.id}&authorization=${start.kind}`;
  return Response.redirect(target, 302);
});
