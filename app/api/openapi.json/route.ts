import { AppError } from "@/lib/errors";
import { errorResponse, toErrorResponse } from "@/lib/http/error-response";
import { openApiJson } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

// GET /api/openapi.json – this API as an OpenAPI 3.1 document, generated from the schemas the handlers parse (no auth)
export async function GET(req: Request): Promise<Response> {
  // Like /api/health: off the token allowlist, so a token is refused rather than ignored.
  if (req.headers.has("authorization"))
    return errorResponse(new AppError("unauthorized", "API tokens are not accepted here."));
  try {
    return new Response(openApiJson(), { headers: { "content-type": "application/json; charset=utf-8" } });
  } catch (error) {
    return toErrorResponse(error, "GET /api/openapi.json");
  }
}
