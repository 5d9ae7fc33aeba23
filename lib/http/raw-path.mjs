// Checks a request's raw path before Next normalises it (scripts/serve.mjs). WHATWG URL
// parsing turns "%2e%2e" into "..", so /api/trash/documents/%2e%2e/purge would otherwise
// reach /api/trash/purge, and a malformed escape would end in a plain-text 500. Plain .mjs
// (with a .d.mts beside it) because the server script runs without a TypeScript loader.

/**
 * @param {string} rawUrl the request target as received, e.g. "/api/x?y=1"
 * @returns {{ status: 400 | 404, code: "bad_request" | "not_found", message: string } | null}
 */
export function rejectRawPath(rawUrl) {
  const path = rawUrl.split("?")[0] ?? "";
  const segments = path.split("/");
  for (const segment of segments) {
    let decoded;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { status: 400, code: "bad_request", message: "The path has a malformed percent escape." };
    }
    if (decoded.includes("\u0000")) return { status: 404, code: "not_found", message: "Not found." };
    // A dot segment, plain or spelled with escapes (%2e%2e, ..%2f): a name never walks upwards.
    if (decoded.split(/[/\\]/).some((part) => part === "." || part === "..")) {
      return { status: 404, code: "not_found", message: "Not found." };
    }
  }
  return null;
}
