import { consumeRateLimit, pruneRateLimits, type RateLimitDecision } from "@/lib/rate-limit/consume-rate-limit";

// Sign-in attempts are limited three ways (issue: rate-limit bypass):
// - per account and address: one address gets a few tries at an account, then waits;
// - per account: many addresses together cannot guess forever either;
// - per address: one address cannot spray guesses across many accounts.
// The account-and-address bucket is far below the account bucket, so one address alone can
// never lock an account's owner out, and people behind one NAT do not share a bucket for
// their own accounts. The address is the socket's unless TRUSTED_PROXIES says otherwise
// (lib/http/client-ip.ts), so a rotating X-Forwarded-For buys nothing.

const WINDOW_MS = 60_000;
export const SIGN_IN_LIMITS = {
  accountAndAddress: { max: 5, windowMs: WINDOW_MS },
  account: { max: 20, windowMs: WINDOW_MS },
  address: { max: 30, windowMs: WINDOW_MS },
} as const;

const PREFIX = "sign-in:";

export async function admitSignInAttempt({
  email,
  ip,
}: {
  email: string;
  ip: string | null;
}): Promise<RateLimitDecision> {
  const account = email.trim().toLowerCase();
  const address = ip ?? "unknown";
  const decisions = await Promise.all([
    consumeRateLimit(`${PREFIX}account-address:${account}|${address}`, SIGN_IN_LIMITS.accountAndAddress),
    consumeRateLimit(`${PREFIX}account:${account}`, SIGN_IN_LIMITS.account),
    consumeRateLimit(`${PREFIX}address:${address}`, SIGN_IN_LIMITS.address),
  ]);
  const refused = decisions.filter((decision) => !decision.allowed);
  if (refused.length === 0) {
    await pruneRateLimits(PREFIX, 10 * WINDOW_MS);
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((d) => d.retryAfterSeconds)) };
}
