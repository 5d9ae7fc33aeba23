import { describe, expect, it } from "vitest";
import { callApi } from "../support/route-client";

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
