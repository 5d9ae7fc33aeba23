import { AppError } from "@/lib/errors";

// Cookie-authenticated state changes must come from the app's own pages (issue: no
// cross-site check). SameSite=Lax alone lets a top-level form post through, and a browser
// sends `text/plain` JSON cross-site without a preflight, so both the origin and the body's
// type are checked. Token requests carry no ambient credential and are exempt.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// The only body types the app's pages send: JSON, and multipart for uploads.
const ALLOWED_BODY_TYPES = ["application/json", "multipart/form-data"];

export function assertSameOriginRequest(req: Request, origins: readonly string[]): void {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get("origin");
  const sameOrigin = origin !== null ? origins.includes(origin) : req.headers.get("sec-fetch-site") === "same-origin";
  if (!sameOrigin) throw forbiddenOrigin("This request did not come from the app's own pages.");
  const contentType = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (contentType && !ALLOWED_BODY_TYPES.includes(contentType)) {
    throw forbiddenOrigin(`A request body must be sent as application/json (got ${contentType}).`);
  }
}

function forbiddenOrigin(message: string): AppError {
  return new AppError("forbidden_origin", message);
}
