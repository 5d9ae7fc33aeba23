// The browser-facing security headers (issue #12: "no security headers on pages").

/**
 * A page's CSP. Scripts: only those carrying this request's nonce (Next's own) and what they
 * load ('strict-dynamic'); no inline handlers, no eval outside development ('wasm-unsafe-eval'
 * lets code highlighting compile its WebAssembly, which cannot run script). Styles may be
 * inline: React and Radix position things with style attributes, and styles cannot run
 * script. Nothing may frame a page, so the delete and purge dialogs cannot be clickjacked.
 */
export function pageContentSecurityPolicy({
  nonce,
  development,
  https,
}: {
  nonce: string;
  development: boolean;
  https: boolean;
}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'wasm-unsafe-eval'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * API responses are data, never documents to run: nothing loads from them. The app's own
 * pages may frame them (the PDF preview shows a document's content route in an iframe).
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * A stored file served inline (lib/http/file-response.ts): the API policy, except for a PDF,
 * which the browser's own viewer renders and a fetch-restricting policy could keep from
 * loading. A PDF runs no script of ours either way, and only the app may frame it.
 */
export function fileContentSecurityPolicy(contentType: string): string {
  return contentType === "application/pdf" ? "frame-ancestors 'self'" : API_CONTENT_SECURITY_POLICY;
}

/**
 * The API routes that get API_CONTENT_SECURITY_POLICY from next.config.ts: all but the two
 * that serve stored files, which set their own per type.
 */
export const API_ROUTES_WITHOUT_FILES =
  "/api/:path((?!threads/[^/]+/artifacts/|projects/[^/]+/documents/[^/]+/content$).*)";

/** On every response, pages, API and static files alike. */
export const COMMON_SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  },
];
