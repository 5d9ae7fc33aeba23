import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb } from "@/lib/db/client";
import type { Auth } from "./auth";
import type { SessionUser } from "./session-user";

// Every request's first question is who is asking, and better-auth's own answer (its
// get-session endpoint: two signed-cookie checks, each importing the key again, its hooks, the
// session read) took ≈ 4.5 ms of the ≈ 25 ms before a run's first words (`npm run bench --
// first-byte`). This reads the same cookie and row directly, and only ever accepts: a session
// whose cookie carries better-auth's signature, whose row exists with its user and has not
// expired, and whose refresh is not yet due. Anything else (no cookie, a bad signature, a
// revoked or expired session, one to be extended) is left to better-auth, which refuses it,
// clears the cookie or extends the session as it always does. So nothing better-auth would
// refuse is let in, and sign-out anywhere takes effect at once: the row is read every time.

interface SessionCookie {
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const holder = globalThis as typeof globalThis & { __workspaceSessionCookie?: Promise<SessionCookie> };

/** The signed user of a valid session needing nothing from better-auth; null when better-auth must answer. */
export async function readValidSession(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return null;
  holder.__workspaceSessionCookie ??= auth.$context.then((context) => ({
    name: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));
  const cookie = await holder.__workspaceSessionCookie;
  const token = verifiedToken(cookieValue(cookieHeader, cookie.name), cookie.secret);
  if (token === null) return null;
  const db = await getDb();
  const [row] = await db.$queryRaw<{ id: string; email: string; name: string; expiresAt: Date }[]>`
    SELECT u.id, u.email, u.name, s."expiresAt"
    FROM "session" s JOIN "user" u ON u.id = s."userId"
    WHERE s.token = ${token}`;
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  // better-auth extends a session once it is `updateAge` old; that write is its to make.
  const refreshDue = expiresAt - cookie.expiresInMs + cookie.updateAgeMs <= now;
  if (expiresAt <= now || refreshDue) return null;
  return { id: row.id, email: row.email, name: row.name };
}

/** The first cookie of that name, URL-decoded as better-call decodes it. */
function cookieValue(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const raw = pair.slice(at + 1).trim();
    try {
      return raw.includes("%") ? decodeURIComponent(raw) : raw;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The token of a cookie signed as better-call signs it (`token.base64(HMAC-SHA256(secret,
 * token))`), compared in constant time; null for anything else.
 */
function verifiedToken(value: string | null, secret: string): string | null {
  if (value === null) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}
