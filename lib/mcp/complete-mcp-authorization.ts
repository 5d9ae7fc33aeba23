import "server-only";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { describeMcpFailure } from "./describe-mcp-failure";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { StoredOAuthProvider } from "./oauth-provider";
import { policyFetch } from "./policy-fetch";
import { probeMcpServer } from "./probe-mcp-server";

// GET /api/mcp-servers/oauth/callback: the authorization server sends the person back with a
// code and the state the authorization was started with. The state finds the connection
// among the caller's own (anyone else's, or a state used before, is a 404) and is used once;
// the code is exchanged with the PKCE verifier for tokens, and the server is connected.

export async function completeMcpAuthorization({
  userId,
  state,
  code,
  error,
  origin,
}: {
  userId: string;
  state?: string;
  code?: string;
  error?: string;
  origin: string;
}): Promise<{ serverId: string; ok: boolean }> {
  if (!state) throw notFound();
  const db = await getDb();
  const server = await db.mcpServer.findFirst({ where: { oauthState: state, userId } });
  if (!server) throw notFound();
  const { count } = await db.mcpServer.updateMany({
    where: { id: server.id, userId, oauthState: state },
    data: { oauthState: null },
  });
  if (count === 0) throw notFound();
  const fail = async (message: string) => {
    await db.mcpServer.updateMany({
      where: { id: server.id, userId },
      data: { status: "needs_authorization", lastError: message },
    });
    return { serverId: server.id, ok: false };
  };
  if (error || !code) return fail(`The authorization was not given (${error ?? "no code"}).`);
  const callbackUrl = oauthCallbackUrl(origin);
  const provider = await StoredOAuthProvider.load(server, callbackUrl);
  try {
    await auth(provider, { serverUrl: server.url, authorizationCode: code, fetchFn: policyFetch });
  } catch (exchangeError) {
    const failure = describeMcpFailure(exchangeError);
    console.warn(`[mcp] authorization of server ${server.id} failed: ${failure.message}`);
    return fail(`The authorization failed: ${failure.message}`);
  }
  const probed = await probeMcpServer({ serverId: server.id, userId, callbackUrl });
  return { serverId: server.id, ok: probed.status === "connected" };
}
