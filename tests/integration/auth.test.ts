import { describe, expect, it } from "vitest";
import { callApi } from "../support/route-client";
import { resetConfigForTests } from "@/lib/config/env";
import { watchEventLoop } from "@/lib/health/watch-event-loop";

const credentials = () => ({
  email: `u-${crypto.randomUUID()}@example.test`,
  password: "correct horse battery",
  name: "U",
});
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("accounts", () => {
  it("signs up, signs out and signs in again by email and password", async () => {
    const user = credentials();
    const signUp = await callApi("POST", "/api/auth/sign-up/email", { json: user });
    expect(signUp.status).toBe(200);
    const sessionCookie = cookieOf(signUp);
    expect(signUp.headers.getSetCookie().join(";")).toMatch(/HttpOnly/i);
    expect((await callApi("GET", "/api/projects", { cookie: sessionCookie })).status).toBe(200);

    const signOut = await callApi("POST", "/api/auth/sign-out", {
      cookie: sessionCookie,
      headers: { origin: "http://localhost:3000" },
    });
    expect(signOut.status).toBe(200);
    expect((await callApi("GET", "/api/projects", { cookie: sessionCookie })).status).toBe(401);

    const wrong = await callApi("POST", "/api/auth/sign-in/email", {
      json: { email: user.email, password: "wrong password!" },
    });
    expect(wrong.status).toBe(401);
    const signIn = await callApi("POST", "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(200);
    expect((await callApi("GET", "/api/projects", { cookie: cookieOf(signIn) })).status).toBe(200);
  });

  it.each(["http://localhost:3000", "http://127.0.0.1:3000"])(
    "accepts requests from the page at %s",
    async (origin) => {
      const res = await callApi("POST", "/api/auth/sign-up/email", { json: credentials(), headers: { origin } });
      expect(res.status).toBe(200);
    },
  );

  it("refuses a session request posted from a foreign origin", async () => {
    const user = credentials();
    const cookie = cookieOf(await callApi("POST", "/api/auth/sign-up/email", { json: user }));
    const res = await callApi("POST", "/api/auth/sign-out", { cookie, headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(403);
    expect((await callApi("GET", "/api/projects", { cookie })).status).toBe(200);
  });

  it("opens health's detail only to the operator's secret, and never hints at it", async () => {
    process.env.HEALTH_DETAIL_SECRET = "operator secret of the test";
    resetConfigForTests();
    watchEventLoop();
    try {
      const plain = { ok: true, database: process.env.TEST_DATABASE === "postgres" ? "postgres" : "embedded" };
      const tries: Record<string, string>[] = [
        {},
        { "x-health-secret": "wrong" },
        { "x-health-secret": "operator secret of the tes" },
      ];
      for (const headers of tries) {
        const res = await callApi("GET", "/api/health?detail=1", { headers });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(plain);
      }
      const detail = await callApi("GET", "/api/health?detail=1", {
        headers: { "x-health-secret": "operator secret of the test" },
      });
      const body = await detail.json();
      expect(body).toMatchObject({ ...plain, memory: { rss: expect.any(Number), heapUsed: expect.any(Number) } });
      expect(body.eventLoop).toMatchObject({
        p99Ms: expect.any(Number),
        maxMs: expect.any(Number),
        blocksOverWarn: expect.any(Number),
      });
    } finally {
      delete process.env.HEALTH_DETAIL_SECRET;
      resetConfigForTests();
    }
    // Without a secret configured, nobody gets the detail.
    const res = await callApi("GET", "/api/health?detail=1", { headers: { "x-health-secret": "" } });
    expect(Object.keys(await res.json())).toEqual(["ok", "database"]);
  });

  it("answers health without a session and everything else with 401 JSON", async () => {
    const health = await callApi("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({
      ok: true,
      database: process.env.TEST_DATABASE === "postgres" ? "postgres" : "embedded",
    });
    for (const path of ["/api/config", "/api/threads", "/api/projects/x", "/api/no-such-route"]) {
      const res = await callApi("GET", path);
      expect(res.status, path).toBe(401);
      expect((await res.json()).error.code).toBe("unauthorized");
    }
  });
});
