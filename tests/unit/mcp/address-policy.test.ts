import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config/env";
import { AddressRefusedError, assertAddressesAllowed, isInternalAddress } from "@/lib/mcp/address-policy";

// The address policy of MCP connections: internal addresses are refused unless MCP_ALLOWED_HOSTS
// names the host or a range holding the address.

afterEach(() => {
  delete process.env.MCP_ALLOWED_HOSTS;
  resetConfigForTests();
});

describe("internal addresses", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.1.2.3",
    "not an address",
  ])("%s is internal", (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isInternalAddress(address)).toBe(false);
    },
  );
});

describe("MCP_ALLOWED_HOSTS", () => {
  it("refuses a host when any of its addresses is internal", () => {
    expect(() => assertAddressesAllowed("mixed.example", ["8.8.8.8", "10.0.0.1"])).toThrow(AddressRefusedError);
    expect(() => assertAddressesAllowed("public.example", ["8.8.8.8"])).not.toThrow();
  });

  it("allows a host it names, whatever it resolves to, and addresses inside a range it names", () => {
    process.env.MCP_ALLOWED_HOSTS = "mcp.corp.example, 10.1.0.0/16, ::1";
    resetConfigForTests();
    expect(() => assertAddressesAllowed("MCP.corp.example", ["10.9.9.9"])).not.toThrow();
    expect(() => assertAddressesAllowed("other.example", ["10.1.2.3"])).not.toThrow();
    expect(() => assertAddressesAllowed("other.example", ["10.2.0.1"])).toThrow(/MCP_ALLOWED_HOSTS/);
    expect(() => assertAddressesAllowed("[::1]", ["::1"])).not.toThrow();
    expect(() => assertAddressesAllowed("localhost", ["127.0.0.1"])).toThrow(AddressRefusedError);
  });
});
