import type { z } from "zod";
import { requireSessionUser, type SessionUser } from "@/lib/auth/session";
import { AppError, validationError } from "@/lib/errors";
import { authenticateToken } from "@/lib/tokens/authenticate-token";
import { appOrigins } from "@/lib/http/app-origins";
import { toErrorResponse } from "@/lib/http/error-response";
import { closingIfBodyUnread } from "@/lib/http/unread-body";
import { parseInput } from "@/lib/http/parse-input";
import { readBoundedJson } from "@/lib/http/read-bounded-json";
import { assertPathParams } from "@/lib/http/path-params";
import { assertSameOriginRequest } from "@/lib/http/same-origin";

// The one wrapper every authenticated route handler goes through:
// caller (session cookie, or an API token where the route accepts one) → same-origin check
// for cookie state changes → path ids checked by shape → handler → error mapping (closing the
// connection when the body was left unread: lib/http/unread-body.ts).
// Handlers just throw AppError (or zod errors).

interface RouteContext<Params> {
  req: Request;
  user: SessionUser;
  params: Params;
  url: URL;
}

type Segment<Params> = { params: Promise<Params> };
type Handler<Params> = (context: RouteContext<Params>) => Promise<Response>;

/** Whether a route accepts API tokens; the route-inventory test reads it off every handler. */
export type TokenPolicy = "accepts-tokens" | "session-only";
export type RouteHandler<Params> = ((req: Request, segment: Segment<Params>) => Promise<Response>) & {
  tokenPolicy: TokenPolicy;
};

/** A route for the signed-in browser only: an API token is refused with 401. */
export function authedRoute<Params extends object = object>(handler: Handler<Params>): RouteHandler<Params> {
  return wrap(handler, "session-only");
}

/**
 * A route on the token allowlist (docs/operations.md § "Security settings": projects, threads,
 * runs, documents, thread files, trash): `Authorization: Bearer <secret>` or a session cookie.
 */
export function tokenRoute<Params extends object = object>(handler: Handler<Params>): RouteHandler<Params> {
  return wrap(handler, "accepts-tokens");
}

function wrap<Params extends object>(handler: Handler<Params>, tokenPolicy: TokenPolicy): RouteHandler<Params> {
  const route = async (req: Request, segment: Segment<Params>): Promise<Response> => {
    const url = new URL(req.url);
    try {
      const user = await identifyCaller(req, tokenPolicy);
      // A route without dynamic segments gets no params object at all.
      const params = ((await segment?.params) ?? {}) as Params;
      assertPathParams(params);
      return await handler({ req, user, params, url });
    } catch (error) {
      return closingIfBodyUnread(req, toErrorResponse(error, `${req.method} ${url.pathname}`));
    }
  };
  return Object.assign(route, { tokenPolicy });
}

async function identifyCaller(req: Request, tokenPolicy: TokenPolicy): Promise<SessionUser> {
  const authorization = req.headers.get("authorization");
  if (authorization !== null) {
    if (tokenPolicy !== "accepts-tokens")
      throw new AppError("unauthorized", "API tokens are not accepted here; sign in instead.");
    const secret = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    const user = secret ? await authenticateToken(secret) : null;
    if (!user) throw new AppError("unauthorized", "The API token is invalid, expired or deleted.");
    return user;
  }
  const user = await requireSessionUser(req.headers);
  assertSameOriginRequest(req, appOrigins());
  return user;
}

/**
 * Parses a JSON body: too large is 413, nested too deep or malformed is 400 (read-bounded-json);
 * a NUL anywhere in it or a schema mismatch is 422 with details (parseInput, the rule every
 * entry point shares).
 */
export async function readJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return parseInput(schema, await readBoundedJson(req));
}

/**
 * Parses query parameters; out-of-range values are 422, never clamped, and so is a parameter
 * given twice (every one is a single value: which one would count is not the client's guess).
 */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (seen.has(name)) throw validationError(name, `\`${name}\` is given more than once.`);
    seen.add(name);
  }
  return parseInput(schema, Object.fromEntries(url.searchParams));
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
