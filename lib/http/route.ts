import type { z } from "zod";
import { requireSessionUser, type SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { toErrorResponse, zodDetails } from "./error-response";

// The one wrapper every authenticated route handler goes through:
// session → handler → error mapping. Handlers just throw AppError (or zod errors).

interface RouteContext<Params> {
  req: Request;
  user: SessionUser;
  params: Params;
  url: URL;
}

type Segment<Params> = { params: Promise<Params> };

export function authedRoute<Params extends object = object>(
  handler: (context: RouteContext<Params>) => Promise<Response>,
) {
  return async (req: Request, segment: Segment<Params>): Promise<Response> => {
    const url = new URL(req.url);
    try {
      const user = await requireSessionUser(req.headers);
      return await handler({ req, user, params: await segment.params, url });
    } catch (error) {
      return toErrorResponse(error, `${req.method} ${url.pathname}`);
    }
  };
}

/** Parses a JSON body: malformed JSON is 400, a schema mismatch 422 with details. */
export async function readJsonBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const text = await req.text();
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  return parseOrThrow(schema, body);
}

/** Parses query parameters; out-of-range values are 422, never clamped (api.md "Paging"). */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  return parseOrThrow(schema, Object.fromEntries(url.searchParams));
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("validation_failed", undefined, { details: zodDetails(parsed.error) });
  return parsed.data;
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}
