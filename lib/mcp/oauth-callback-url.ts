import { config } from "@/lib/config/env";

// Where an authorization server sends the person back (GET /api/mcp-servers/oauth/callback).
// The origin is the one the person's browser used (passed down by the route); work with no
// request behind it (a run refreshing tokens) uses APP_URL, or the local address.

export const OAUTH_CALLBACK_PATH = "/api/mcp-servers/oauth/callback";

export function oauthCallbackUrl(origin?: string): string {
  const { appUrl, port } = config();
  return `${origin ?? appUrl ?? `http://localhost:${port}`}${OAUTH_CALLBACK_PATH}`;
}
