// Which URLs in model-written or document Markdown may become a link: web pages and mail
// addresses only. Everything else (javascript:, data:, file:, relative paths into this app,
// protocol-relative //host) renders as plain text, so a reply or a document cannot point a
// click at script, at a local file, or at one of the app's own state-changing pages.

const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The URL itself when it is an absolute http(s) or mailto URL, else null. */
export function safeLinkUrl(url: string): string | null {
  const trimmed = url.trim();
  // A scheme is required: without one the URL would resolve against the app's own origin.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) return null;
  if (parsed.protocol !== "mailto:" && !parsed.hostname) return null;
  return trimmed;
}
