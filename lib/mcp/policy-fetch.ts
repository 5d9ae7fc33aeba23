import "server-only";
import dns from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { assertAddressesAllowed, assertUrlAllowed } from "./address-policy";

// The only way MCP traffic leaves the server (connections, OAuth discovery, registration and
// tokens). Every request's host is checked before it is sent, and again inside the
// connection's own DNS lookup, so the address the socket connects to is the address that was
// checked (a name that resolves elsewhere the second time is caught there). Redirects are
// never left to fetch: each hop is checked the same way, and one to another origin is refused
// (it would carry the connection's secret headers there).

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function checkedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    try {
      assertAddressesAllowed(
        hostname,
        addresses.map((entry) => entry.address),
      );
    } catch (refused) {
      return callback(refused as NodeJS.ErrnoException, []);
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const holder = globalThis as typeof globalThis & { __workspaceMcpAgent?: Agent };
const agent = (holder.__workspaceMcpAgent ??= new Agent({ connect: { lookup: checkedLookup } }));

const MAX_REDIRECTS = 5;
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The same response as the runtime's own Response class (the SDK checks `instanceof Response`). */
function asGlobalResponse(response: Awaited<ReturnType<typeof undiciFetch>>): Response {
  return new Response(NULL_BODY.has(response.status) ? null : (response.body as ReadableStream | null), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers as unknown as Headers,
  });
}

export type PolicyFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** fetch, under the address policy; `redirect: "follow"` (the default) follows same-origin hops only. */
export const policyFetch: PolicyFetch = async (input, init = {}) => {
  let url = new URL(String(input));
  let current: RequestInit = init;
  const follow = (init.redirect ?? "follow") === "follow";
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError(`${url.protocol} is not allowed`);
    await assertUrlAllowed(url);
    const response = asGlobalResponse(
      await undiciFetch(url, { ...(current as object), redirect: "manual", dispatcher: agent } as Parameters<
        typeof undiciFetch
      >[1]),
    );
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || !location) return response;
    // A redirect is judged by where it points even when the caller follows it itself (the
    // SDK follows same-origin hops through this function again): an internal target is refused here.
    const next = new URL(location, url);
    if (next.protocol === "http:" || next.protocol === "https:") await assertUrlAllowed(next);
    if (!follow) return response;
    if (next.origin !== url.origin) throw new TypeError(`a redirect to another origin (${next.origin}) was refused`);
    if (hop >= MAX_REDIRECTS) throw new TypeError("too many redirects");
    await response.body?.cancel();
    // 301/302/303 turn a POST into a GET without its body, as browsers do; 307/308 keep both.
    if (response.status !== 307 && response.status !== 308 && (current.method ?? "GET") !== "GET")
      current = { ...current, method: "GET", body: undefined };
    url = next;
  }
};
