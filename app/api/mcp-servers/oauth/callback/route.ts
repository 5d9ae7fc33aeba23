import { mcpOAuthCallbackQuery } from "@/lib/api-schemas/mcp-servers";
import { authedRoute, readQuery } from "@/lib/endpoints/route";
import { completeMcpAuthorization } from "@/lib/mcp/complete-mcp-authorization";

export const dynamic = "force-dynamic";

// GET /api/mcp-servers/oauth/callback – finish an authorization (code and state from the authorization server), then back to settings
export const GET = authedRoute(async ({ user, url }) => {
  const query = readQuery(url, mcpOAuthCallbackQuery);
  const { serverId, ok } = await completeMcpAuthorization({ userId: user.id, ...query, origin: url.origin });
  return Response.redirect(
    `${url.origin}/workspace/settings?mcpServer=${serverId}&authorization=${ok ? "done" : "failed"}`,
    302,
  );
});
