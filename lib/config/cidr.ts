import { BlockList, isIP } from "node:net";

// Addresses and CIDR ranges (TRUSTED_PROXIES), matched with Node's own BlockList so IPv4,
// IPv6 and IPv4-mapped IPv6 ("::ffff:10.0.0.1") all compare correctly.

export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** "10.0.0.0/8", "192.0.2.7" or "fd00::/8"; null when it is neither. */
export function parseCidr(entry: string): Cidr | null {
  const [address = "", prefixText, ...rest] = entry.trim().split("/");
  if (rest.length) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), family };
}

/** A matcher over a list of entries; invalid entries never match anything. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const cidr = parseCidr(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return (address) => {
    const version = isIP(address);
    if (version === 0) return false;
    return list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}
