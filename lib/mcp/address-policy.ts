import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";
import { addressMatcher } from "@/lib/config/cidr";
import { config } from "@/lib/config/env";

// Where an MCP connection may go (docs/operations.md § "MCP servers"): an address that is private,
// loopback, link-local, unspecified, shared (CGNAT), multicast or reserved is refused unless
// MCP_ALLOWED_HOSTS names the host or a range holding the address. Checked on the addresses a name
// resolves to, at every connection and every redirect (policy-fetch.ts), so a name that resolves to
// an internal address is refused like the address itself.

const INTERNAL = new BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INTERNAL.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["100::", 64],
] as const)
  INTERNAL.addSubnet(address, prefix, "ipv6");

/** An address the policy refuses unless allowed: internal in any of the senses above. */
export function isInternalAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, "ipv4");
  return INTERNAL.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** Thrown (or handed to a connection's lookup) when the policy refuses where a request goes. */
export class AddressRefusedError extends Error {
  readonly host: string;
  constructor(host: string, address: string) {
    super(
      `${host} resolves to ${address}, a private, loopback or link-local address; add it to MCP_ALLOWED_HOSTS to allow it`,
    );
    this.name = "AddressRefusedError";
    this.host = host;
  }
}

function allowedHosts(): { names: Set<string>; addresses: (address: string) => boolean } {
  const entries = config().mcpAllowedHosts;
  return { names: new Set(entries.map((entry) => entry.replace(/\.$/, ""))), addresses: addressMatcher(entries) };
}

const bare = (host: string) => host.replace(/^\[|\]$/g, "").toLowerCase();

/** Throws AddressRefusedError unless every address is allowed for `host`. */
export function assertAddressesAllowed(host: string, addresses: readonly string[]): void {
  const name = bare(host).replace(/\.$/, "");
  const allowed = allowedHosts();
  if (allowed.names.has(name)) return;
  for (const address of addresses)
    if (isInternalAddress(address) && !allowed.addresses(address)) throw new AddressRefusedError(name, address);
}

/** Resolves the URL's host (unless it is an address) and checks every address it names. */
export async function assertUrlAllowed(url: URL): Promise<void> {
  const host = bare(url.hostname);
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  assertAddressesAllowed(host, addresses);
}

/** The refusal inside an error's causes, if any. */
export function addressRefusal(error: unknown): AddressRefusedError | null {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (current instanceof AddressRefusedError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
