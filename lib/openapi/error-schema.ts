import { z } from "zod";
import { errorStatus, type ErrorCode } from "@/lib/errors";

// The one error shape of the HTTP API (lib/http/error-response.ts) and the one code → status
// table (lib/errors.ts), as the OpenAPI document describes them.

export const ERROR_CODES = Object.keys(errorStatus) as ErrorCode[];

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: "For people: safe to show, never a stack or a path" }),
      details: z
        .unknown()
        .optional()
        .meta({ description: "validation_failed: `[{path, message}]` naming each field (some add `reason`)" }),
      retryable: z.literal(true).optional().meta({ description: "Present when trying again later may succeed" }),
    }),
  })
  .meta({ id: "Error", description: "Every error of the API has this body; `code` decides its HTTP status." });

/** What each code means to a client; the status comes from the table. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  bad_request: "The request is malformed: a body that is not JSON, a malformed `%` escape in the path.",
  unauthorized: "No session and no API token, an invalid or expired token, or a token on a session-only route.",
  forbidden_origin:
    "A cookie-authenticated POST/PATCH/PUT/DELETE not from the app's own pages, or a body not JSON/multipart.",
  not_found: "No such resource for this caller (another user's is not found too), or a malformed id in the path.",
  content_missing: "The document's stored file is gone or not its recorded size.",
  conflict: "The request conflicts with the current state (a run already active, a run already ended, …).",
  payload_too_large: "The upload or body is larger than the limit.",
  unsupported_media_type:
    "A request body that is not `application/json` (an API token's request; a cookie's is `forbidden_origin`).",
  validation_failed: "A field is invalid: `details` names each one.",
  internal: "Something went wrong on the server; nothing about it is leaked.",
  unavailable: "A dependency (the database, the model endpoint) is unavailable.",
};

/** The error codes an operation can answer, grouped by their HTTP status. */
export function errorsByStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of ERROR_CODES) {
    if (!codes.includes(code)) continue;
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
