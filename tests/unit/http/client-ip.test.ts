import { describe, expect, it } from "vitest";
import { parseCidr } from "@/lib/config/cidr";
import { clientIp, PEER_HEADER } from "@/lib/http/client-ip";

const headers = (peer: string | null, forwardedFor?: string) => {
  const h = new Headers();
  if (peer !== null) h.set(PEER_HEADER, peer);
  if (forwardedFor !== undefined) h.set("x-forwarded-for", forwardedFor);
  return h;
};

describe("clientIp", () => {
  it.each([
    ["no proxies trusted: the socket, whatever the header says", "203.0.113.5", "1.2.3.4", [], "203.0.113.5"],
    ["an untrusted peer's header is ignored", "203.0.113.5", "1.2.3.4", ["10.0.0.0/8"], "203.0.113.5"],
    [
      "a trusted proxy: the rightmost untrusted hop",
      "10.0.0.2",
      "6.6.6.6, 198.51.100.7",
      ["10.0.0.0/8"],
      "198.51.100.7",
    ],
    ["trusted hops are skipped", "10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.9", ["10.0.0.0/8"], "198.51.100.7"],
    ["a trusted proxy without a header: the proxy itself", "10.0.0.2", undefined, ["10.0.0.0/8"], "10.0.0.2"],
    ["all hops trusted: the leftmost", "10.0.0.2", "10.0.0.7, 10.0.0.8", ["10.0.0.0/8"], "10.0.0.7"],
    ["IPv4-mapped IPv6 socket addresses", "::ffff:10.0.0.2", "198.51.100.7", ["10.0.0.0/8"], "198.51.100.7"],
    ["IPv6 ranges", "fd00::1", "2001:db8::5", ["fd00::/8"], "2001:db8::5"],
    ["a single trusted address", "192.0.2.10", "198.51.100.1", ["192.0.2.10"], "198.51.100.1"],
  ])("%s", (_label, peer, forwarded, trusted, expected) => {
    expect(clientIp(headers(peer, forwarded), trusted)).toBe(expected);
  });

  it("is unknown when the server did not say who is connected", () => {
    expect(clientIp(headers(null, "1.2.3.4"), ["0.0.0.0/0"])).toBeNull();
  });
});

describe("parseCidr", () => {
  it.each(["10.0.0.0/8", "192.0.2.7", "::1", "fd00::/8", "0.0.0.0/0"])("accepts %s", (entry) => {
    expect(parseCidr(entry)).not.toBeNull();
  });
  it.each(["10.0.0.0/33", "fd00::/129", "example.com", "10.0.0/8", "10.0.0.0/x", "10.0.0.0/8/8", ""])(
    "refuses %s",
    (entry) => {
      expect(parseCidr(entry)).toBeNull();
    },
  );
});
