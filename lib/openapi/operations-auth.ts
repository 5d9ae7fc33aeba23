import { z } from "zod";
import { authBodyErrors } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

// Auth (app/api/auth/[...all]: better-auth's handler; the endpoints the app's pages use, and no
// other: lib/auth/auth-request.ts ANSWERED_AUTH_ENDPOINTS). No body carries the session's token.

const signedIn = z.boolean().meta({ description: "Whether a session was created (its cookie set)" });
const user = z.looseObject({ id: z.string(), email: z.string() });

export const authOperations: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    tag: "Auth",
    summary: "create an account and sign in",
    description:
      "For an email that already has an account: 200 with a user-shaped body and no session, so the answer never says which emails have accounts. Closed with ALLOW_SIGN_UP=false once the first account exists.",
    auth: "public",
    body: z.object({ name: z.string(), email: z.email(), password: z.string().min(8) }),
    responses: [
      {
        status: 200,
        description: "Signed up; the session cookie is set (`signedIn: false`: no session, as for a taken email)",
        json: z.looseObject({ signedIn, user }),
      },
    ],
    authErrors: [
      ...authBodyErrors,
      { status: 403, description: "SIGN_UP_CLOSED: registration is closed on this server" },
      { status: 429, description: "TOO_MANY_REQUESTS (better-auth's rate limit), with X-Retry-After" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    tag: "Auth",
    summary: "sign in with email and password",
    auth: "public",
    body: z.object({ email: z.email(), password: z.string(), rememberMe: z.boolean().optional() }),
    responses: [
      {
        status: 200,
        description: "Signed in; the session cookie is set",
        json: z.looseObject({ signedIn, user }),
      },
    ],
    authErrors: [
      ...authBodyErrors,
      { status: 401, description: "INVALID_EMAIL_OR_PASSWORD" },
      { status: 429, description: "TOO_MANY_REQUESTS: sign-in limits per account and per address, with Retry-After" },
    ],
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    tag: "Auth",
    summary: "end the session",
    auth: "session-only",
    responses: [{ status: 200, description: "Signed out", json: z.looseObject({ success: z.boolean() }) }],
    authErrors: authBodyErrors,
  },
  {
    method: "GET",
    path: "/api/auth/get-session",
    tag: "Auth",
    summary: "the current session and user, or null",
    auth: "public",
    responses: [
      {
        status: 200,
        description: "The session, or null without one",
        json: z
          .looseObject({
            session: z
              .looseObject({ id: z.string(), expiresAt: z.string() })
              .meta({ description: "Without its token" }),
            user: z.looseObject({}),
          })
          .nullable(),
      },
    ],
    authErrors: [{ status: 401, description: "TOKEN_NOT_ACCEPTED: an Authorization header" }],
  },
];
