// Drives the real route handlers of app/api in-process, addressed by HTTP method and path,
// the way a black-box client would (status codes, JSON bodies, the session cookie).

type Handler = (req: Request, segment: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

const routeModules = import.meta.glob<RouteModule>("/app/api/**/route.ts");

interface RoutePattern {
  segments: string[];
  load: () => Promise<RouteModule>;
}

const patterns: RoutePattern[] = Object.entries(routeModules)
  .map(([file, load]) => ({
    segments: file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter(Boolean),
    load,
  }))
  .sort((a, b) => specificity(b.segments).localeCompare(specificity(a.segments)));

/** Orders routes as Next does: catch-alls last, and a static segment beats a dynamic one. */
function specificity(segments: string[]): string {
  const catchAll = segments.some((s) => s.startsWith("[..."));
  return (
    (catchAll ? "0" : "1") + segments.map((s) => (s.startsWith("[...") ? "0" : s.startsWith("[") ? "1" : "2")).join("")
  );
}

function match(pathname: string): { pattern: RoutePattern; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const pattern of patterns) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < pattern.segments.length; i++) {
      const segment = pattern.segments[i]!;
      if (segment.startsWith("[...")) {
        if (i >= parts.length) ok = false;
        else params[segment.slice(4, -1)] = parts.slice(i);
        return ok ? { pattern, params } : null;
      }
      if (i >= parts.length) {
        ok = false;
        break;
      }
      if (segment.startsWith("[")) params[segment.slice(1, -1)] = parts[i]!;
      else if (segment !== parts[i]) {
        ok = false;
        break;
      }
    }
    if (ok && pattern.segments.length === parts.length) return { pattern, params };
  }
  return null;
}

export const TEST_ORIGIN = "http://localhost:3000";

export interface CallOptions {
  cookie?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function callApi(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(path, TEST_ORIGIN);
  const found = match(url.pathname);
  if (!found) throw new Error(`no route for ${url.pathname}`);
  const handler = (await found.pattern.load())[method];
  if (!handler) return new Response(null, { status: 405 });
  const headers = new Headers(options.headers);
  headers.set("host", url.host);
  if (options.cookie) headers.set("cookie", options.cookie);
  // Like a browser on the app's own page: state changes carry the page's origin. An empty
  // origin in `headers` means "send none".
  if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
  if (headers.get("origin") === "") headers.delete("origin");
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const request = new Request(url, { method, headers, body, ...(body ? { duplex: "half" } : {}) } as RequestInit);
  return handler(request, { params: Promise.resolve(found.params) });
}

const TEST_PASSWORD = "correct horse battery";
let passwordHashShared = false;

/**
 * Password hashing (scrypt, ~0.2 s of CPU) is most of a sign-up's cost, and these tests sign
 * up hundreds of users that are not about passwords. The first sign-up of a file hashes the
 * test password for real; later ones reuse that hash (a genuine hash of the same password, so
 * signing in with it still verifies for real). Any other password is hashed every time, and
 * tests about sign-up itself call the route without this helper.
 */
async function shareTestPasswordHash(): Promise<void> {
  if (passwordHashShared) return;
  passwordHashShared = true;
  const { getAuth } = await import("@/lib/auth/auth");
  const { password } = await (await getAuth()).$context;
  const hash = password.hash;
  let testPasswordHash: Promise<string> | undefined;
  password.hash = (plain) => (plain === TEST_PASSWORD ? (testPasswordHash ??= hash(plain)) : hash(plain));
}

/** A signed-up user and a caller bound to their session cookie. */
export async function signUp(name = "Tester"): Promise<{ id: string; cookie: string; api: typeof callApi }> {
  await shareTestPasswordHash();
  const email = `${name.toLowerCase().replace(/\W+/g, "")}-${crypto.randomUUID()}@example.test`;
  const res = await callApi("POST", "/api/auth/sign-up/email", {
    json: { email, password: TEST_PASSWORD, name },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { user } = (await res.json()) as { user: { id: string } };
  const api: typeof callApi = (method, path, options = {}) => callApi(method, path, { ...options, cookie: setCookie });
  return { id: user.id, cookie: setCookie, api };
}

/** What signUp returns: the user's id, session cookie and a caller bound to it. */
export type SignedUp = Awaited<ReturnType<typeof signUp>>;
/** A caller bound to one user's session. */
export type Api = SignedUp["api"];
