import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";
import { CLIENT_IP_HEADER, clientIp, PEER_HEADER } from "@/lib/http/client-ip";
import { JSON_BODY_MAX_DEPTH, jsonDepthExceeds, readBodyText } from "@/lib/http/read-bounded-json";
import { closingIfBodyUnread } from "@/lib/http/unread-body";
import type { Auth } from "./auth";
import { admitSignInAttempt } from "./sign-in-limits";
import { shapeAuthAnswer } from "./shape-auth-answer";

// What the app adds in front of better-auth's endpoints (/api/auth/*):
// - the client address, resolved by the app and handed over in one header of our own;
// - personal API tokens are refused: accounts are managed with a session only;
// - sign-in limited per account and per address (lib/auth/sign-in-limits.ts);
// - ALLOW_SIGN_UP=false closes registration once the first account exists;
// - a sign-up for an email that already has an account answers like a new one (200, same
//   body shape, the same password-hashing time) instead of saying the email is taken;
// - only the endpoints the app uses answer (ANSWERED); every other one of better-auth's
//   (list-sessions, update-user, …) is a 404, and no answer carries a session token.

/**
 * What the pages call (components/auth/auth-form.tsx, the account menu's sign-out) and the
 * session check the OpenAPI document lists (lib/openapi/operations-auth.ts); the server reads
 * sessions itself, not through HTTP.
 */
export const ANSWERED_AUTH_ENDPOINTS = [
  "POST /api/auth/sign-up/email",
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
] as const;

/** Account requests carry an email, a name and a password: a few hundred bytes. */
const AUTH_BODY_MAX_BYTES = 64 * 1024;

function authError(status: number, code: string, message: string, headers: HeadersInit = {}): Response {
  return Response.json({ code, message }, { status, headers });
}

export async function handleAuthRequest(auth: Auth, req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  if (!(ANSWERED_AUTH_ENDPOINTS as readonly string[]).includes(`${req.method} ${path}`))
    return closingIfBodyUnread(req, errorResponse(notFound()));
  if (req.headers.has("authorization"))
    return authError(401, "TOKEN_NOT_ACCEPTED", "API tokens cannot be used for account requests.");
  const { trustedProxies } = config();
  const headers = new Headers(req.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.delete(PEER_HEADER);
  const ip = clientIp(req.headers, trustedProxies);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  let body: string | undefined;
  if (req.method === "POST") {
    // Bounded like every JSON body (lib/http/read-bounded-json.ts) before better-auth parses it.
    try {
      body = (await readBodyText(req, AUTH_BODY_MAX_BYTES)) || undefined;
    } catch (error) {
      if (error instanceof AppError)
        return closingIfBodyUnread(
          req,
          authError(error.status, error.code === "payload_too_large" ? "BODY_TOO_LARGE" : "BAD_REQUEST", error.message),
        );
      throw error;
    }
    if (body && jsonDepthExceeds(body, JSON_BODY_MAX_DEPTH))
      return authError(400, "BODY_TOO_DEEP", `The request body is nested deeper than ${JSON_BODY_MAX_DEPTH} levels.`);
  }
  const forwarded = new Request(req.url, { method: req.method, headers, body, signal: req.signal });

  if (req.method === "POST" && path.endsWith("/sign-in/email")) {
    const email = emailOf(body);
    if (email) {
      const decision = await admitSignInAttempt({ email, ip });
      if (!decision.allowed) {
        return authError(429, "TOO_MANY_REQUESTS", "Too many attempts. Please try again later.", {
          "X-Retry-After": String(decision.retryAfterSeconds),
          "Retry-After": String(decision.retryAfterSeconds),
        });
      }
    }
  }
  if (req.method === "POST" && path.endsWith("/sign-up/email")) {
    if (await isSignUpClosed()) return authError(403, "SIGN_UP_CLOSED", "Registration is closed on this server.");
    const response = await auth.handler(forwarded);
    return shapeAuthAnswer(response.status === 422 ? await hideExistingAccount(auth, response, body) : response);
  }
  return shapeAuthAnswer(await auth.handler(forwarded));
}

function emailOf(body: string | undefined): string | null {
  try {
    const email = (JSON.parse(body ?? "") as { email?: unknown }).email;
    return typeof email === "string" && email.trim() ? email : null;
  } catch {
    return null;
  }
}

/** ALLOW_SIGN_UP=false closes registration, but never before the first account exists. */
export async function isSignUpClosed(): Promise<boolean> {
  if (config().allowSignUp) return false;
  const db = await getDb();
  return (await db.user.findFirst({ select: { id: true } })) !== null;
}

/**
 * better-auth says 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL; we answer as a sign-up that
 * created nobody: 200, a user-shaped body with a fresh id and no session. The password is
 * hashed as a real sign-up would, so the answer takes as long.
 */
async function hideExistingAccount(auth: Auth, response: Response, body: string | undefined): Promise<Response> {
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (problem?.code !== "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" && problem?.code !== "USER_ALREADY_EXISTS")
    return response;
  const input = JSON.parse(body ?? "{}") as { email?: string; name?: string; password?: string };
  const context = await auth.$context;
  await context.password.hash(String(input.password ?? ""));
  const now = new Date().toISOString();
  return Response.json({
    token: null, // no session: shapeAuthAnswer turns this into `signedIn: false`
    user: {
      id: context.generateId({ model: "user" }) || crypto.randomUUID(),
      email: String(input.email ?? "").toLowerCase(),
      name: input.name ?? "",
      image: null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    },
  });
}
