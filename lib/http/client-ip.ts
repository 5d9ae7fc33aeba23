import { addressMatcher } from "@/lib/config/cidr";

// Who is calling, for rate limits. The address comes from the TCP socket: scripts/serve.mjs
// writes it into PEER_HEADER (replacing anything a client sent). A forwarding header is
// believed only when the socket itself is a trusted proxy (TRUSTED_PROXIES), and then the
// chain is walked right to left past trusted hops, so a client that writes its own
// X-Forwarded-For gains nothing: rotating it never changes the address we key on.

export const PEER_HEADER = "x-workspace-peer";
/** The resolved client address, as the auth route hands it to better-auth (its only IP header). */
export const CLIENT_IP_HEADER = "x-workspace-client-ip";

/** The client's address, or null when the server did not say (e.g. an in-process test). */
export function clientIp(headers: Headers, trustedProxies: readonly string[]): string | null {
  const peer = normalise(headers.get(PEER_HEADER));
  if (!peer) return null;
  const trusted = addressMatcher(trustedProxies);
  if (!trusted(peer)) return peer;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => normalise(hop))
    .filter((hop): hop is string => hop !== null);
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!trusted(chain[i]!)) return chain[i]!;
  }
  // Every hop is one of our proxies: the leftmost is as close to the client as we can get.
  return chain[0] ?? peer;
}

/** "::ffff:10.0.0.1" is the IPv4 address it carries; anything else is trimmed. */
function normalise(value: string | null): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return trimmed.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
}
