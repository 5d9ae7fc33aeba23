import "server-only";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { describeMcpFailure } from "./describe-mcp-failure";
import { assertServerUrlAllowed } from "./mcp-server-fields";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { StoredOAuthProvider } from "./oauth-provider";
import { policyFetch } from "./policy-fetch";
import { probeMcpServer } from "./probe-mcp-server";

// GET /api/mcp-servers/{id}/authorize: discovery, registration when the client has none
// yet, a fresh PKCE verifier and state, and the authorization page to send the person to.
// A refresh token that still works needs no page at all.

export type AuthorizationStart = { kind: "redirect"; url: string } | { kind: "done" } | { kind: "failed" };

export async function startMcpAuthorization({
  userId,
  serverId,
  origin,
}: {
  userId: string;
  serverId: string;
  origin: string;
}): Promise<AuthorizationStart> {
  const db = await getDb();
  const server = await db.mcpServer.findFirst({ where: { id: serverId, userId } });
  if (!server) throw notFound();
  await assertServerUrlAllowed(server.url);
  const callbackUrl = oauthCallbackUrl(origin);
  const provider = await StoredOAuthProvider.load(server, callbackUrl);
  try {
    const result = await auth(provider, { serverUrl: server.url, fetchFn: policyFetch });
    if (result === "REDIRECT" && provider.authorizationUrl)
      return { kind: "redirect", url: provider.authorizationUrl.href };
    await probeMcpServer({ serverId, userId, callbackUrl });
    return { kind: "done" };
  } catch (error) {
    const failure = describeMcpFailure(error);
    console.warn(`[mcp] authorization of server ${serverId} could not start: ${failure.message}`);
    await db.mcpServer.updateMany({
      where: { id: serverId, userId },
      data: { lastError: `Authorization could not start: ${failure.message}` },
    });
    return { kind: "failed" };
  }
}
