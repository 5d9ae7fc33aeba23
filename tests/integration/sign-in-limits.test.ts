import { afterEach, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "@/lib/auth/sign-in-limits";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { PEER_HEADER } from "@/lib/http/client-ip";
import { callApi } from "../support/route-client";

// Issue #12, findings 2 and 8. The peer address is what scripts/serve.mjs writes from the
// socket; tests set it the same way.

const PASSWORD = "correct horse battery";

async function newAccount(peer = "198.51.100.1") {
  const email = `u-${crypto.randomUUID()}@example.test`;
  const res = await callApi("POST", "/api/auth/sign-up/email", {
    json: { email, password: PASSWORD, name: "U" },
    headers: { [PEER_HEADER]: peer },
  });
  expect(res.status).toBe(200);
  return email;
}

const signIn = (email: string, password: string, headers: Record<string, string>) =>
  callApi("POST", "/api/auth/sign-in/email", { json: { email, password }, headers });

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  delete process.env.ALLOW_SIGN_UP;
  resetConfigForTests();
});

describe("sign-in limits", () => {
  it("ignores a rotating X-Forwarded-For from an untrusted peer: the account is limited after a few tries", async () => {
    const email = await newAccount();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await signIn(email, "wrong password!", { [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": `10.1.${i}.${i}` }))
          .status,
      );
    }
    const max = SIGN_IN_LIMITS.accountAndAddress.max;
    expect(statuses.slice(0, max)).toEqual(Array(max).fill(401));
    expect(statuses.slice(max)).toEqual(Array(12 - max).fill(429));
    const limited = await signIn(email, PASSWORD, { [PEER_HEADER]: "203.0.113.9" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
  });

  it("does not let one address lock out another person behind the same NAT, nor the account's owner elsewhere", async () => {
    const victim = await newAccount();
    const neighbour = await newAccount();
    const nat = { [PEER_HEADER]: "192.0.2.50" };
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.max + 3; i++) await signIn(victim, "guess " + i, nat);
    expect((await signIn(neighbour, PASSWORD, nat)).status).toBe(200);
    expect((await signIn(victim, PASSWORD, { [PEER_HEADER]: "192.0.2.77" })).status).toBe(200);
  });

  it("limits one address spraying many accounts", async () => {
    const spray = { [PEER_HEADER]: "203.0.113.200" };
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.address.max + 2; i++)
      statuses.push((await signIn(`nobody-${i}@example.test`, "guess", spray)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.at(-1)).toBe(429);
  });

  it("believes X-Forwarded-For only from a trusted proxy, walking past trusted hops", async () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    resetConfigForTests();
    const email = await newAccount();
    const viaProxy = (client: string) => ({
      [PEER_HEADER]: "10.0.0.2",
      "x-forwarded-for": `6.6.6.6, ${client}, 10.0.0.3`,
    });
    // Five guesses from one client behind the proxy, then that client is limited on this account
    for (let i = 0; i < SIGN_IN_LIMITS.accountAndAddress.max; i++)
      expect((await signIn(email, "wrong", viaProxy("198.51.100.7"))).status).toBe(401);
    expect((await signIn(email, PASSWORD, viaProxy("198.51.100.7"))).status).toBe(429);
    // …while another client behind the same proxy signs in: the proxy is not one bucket.
    expect((await signIn(email, PASSWORD, viaProxy("198.51.100.8"))).status).toBe(200);
  });

  it("keeps the counters in the shared database table", async () => {
    const email = await newAccount();
    await signIn(email, "wrong", { [PEER_HEADER]: "203.0.113.77" });
    const db = await getDb();
    const keys = (await db.rateLimit.findMany({ where: { key: { contains: email } } })).map((row) => row.key);
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });
});

describe("sign-up", () => {
  it("answers a sign-up for an existing email like a new one, without a session", async () => {
    const email = await newAccount();
    const fresh = await callApi("POST", "/api/auth/sign-up/email", {
      json: { email: `n-${crypto.randomUUID()}@example.test`, password: PASSWORD, name: "N" },
    });
    const again = await callApi("POST", "/api/auth/sign-up/email", {
      json: { email, password: "another password", name: "Imposter" },
    });
    expect(again.status).toBe(fresh.status);
    const [freshBody, againBody] = [await fresh.json(), await again.json()];
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(againBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(JSON.stringify(againBody)).not.toMatch(/exist|taken/i);
    expect(again.headers.getSetCookie()).toEqual([]);
    // The owner's password still works; the imposter's does not.
    expect((await signIn(email, PASSWORD, { [PEER_HEADER]: "198.51.100.60" })).status).toBe(200);
    expect((await signIn(email, "another password", { [PEER_HEADER]: "198.51.100.61" })).status).toBe(401);
  });

  it("closes registration with ALLOW_SIGN_UP=false once an account exists", async () => {
    await newAccount();
    process.env.ALLOW_SIGN_UP = "false";
    resetConfigForTests();
    const res = await callApi("POST", "/api/auth/sign-up/email", {
      json: { email: `c-${crypto.randomUUID()}@example.test`, password: PASSWORD, name: "C" },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("SIGN_UP_CLOSED");
    const db = await getDb();
    expect(await db.user.count({ where: { name: "C" } })).toBe(0);
  });
});
