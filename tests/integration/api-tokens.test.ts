import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { callApi, signUp } from "../support/route-client";

// API tokens (docs/operations.md § "Security settings"): created with a session, shown once, stored
// hashed, accepted only on the allowlisted routes, dead after expiry or deletion.

async function createToken(api: typeof callApi, body: unknown = { name: "script" }) {
  const res = await api("POST", "/api/tokens", { json: body });
  expect(res.status).toBe(201);
  return (await res.json()) as {
    token: { id: string; name: string; prefix: string; expiresAt: string | null; lastUsedAt: string | null };
    secret: string;
  };
}

const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

describe("API tokens", () => {
  it("authenticates the allowlisted routes as the token's owner, without an origin", async () => {
    const alice = await signUp("Alice");
    const { token, secret } = await createToken(alice.api);
    expect(secret.startsWith(token.prefix)).toBe(true);

    const created = await callApi("POST", "/api/projects", {
      json: { name: "Via token" },
      headers: { authorization: `Bearer ${secret}`, origin: "http://evil.example" },
    });
    expect(created.status).toBe(201);
    const { project } = await created.json();
    const listed = await alice.api("GET", "/api/projects");
    expect((await listed.json()).projects.map((p: { id: string }) => p.id)).toContain(project.id);
    expect((await callApi("GET", `/api/projects/${project.id}`, bearer(secret))).status).toBe(200);
    expect((await callApi("GET", "/api/trash/documents", bearer(secret))).status).toBe(200);
    // A script can take its owner's export with a token; an import still needs a session.
    const exported = await callApi("GET", "/api/export", bearer(secret));
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/zip");
    await exported.arrayBuffer();
    expect((await callApi("POST", "/api/import", { ...bearer(secret), body: new FormData() })).status).toBe(401);

    // Another user's resource stays a 404 for Alice's token.
    const bob = await signUp("Bob");
    const bobs = (await (await bob.api("POST", "/api/projects", { json: { name: "Bob's" } })).json()).project;
    expect((await callApi("GET", `/api/projects/${bobs.id}`, bearer(secret))).status).toBe(404);

    const [row] = (await (await alice.api("GET", "/api/tokens")).json()).tokens;
    expect(row.lastUsedAt).not.toBeNull();
    expect(row).not.toHaveProperty("secret");
  });

  it("stores only a hash: the secret appears nowhere in the database or the listing", async () => {
    const alice = await signUp("Alice");
    const { token, secret } = await createToken(alice.api);
    const db = await getDb();
    const stored = await db.apiToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await (await alice.api("GET", "/api/tokens")).json())).not.toContain(secret);
  });

  it("refuses tokens on token management, account, config and unknown routes", async () => {
    const alice = await signUp("Alice");
    const { secret, token } = await createToken(alice.api);
    for (const [method, path] of [
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens"],
      ["DELETE", `/api/tokens/${token.id}`],
      ["GET", "/api/config"],
      ["GET", "/api/health"],
      ["GET", "/api/no-such-route"],
      ["GET", "/api/auth/get-session"],
      ["POST", "/api/auth/sign-out"],
    ] as const) {
      const res = await callApi(method, path, {
        ...bearer(secret),
        ...(method === "POST" ? { json: { name: "x" } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    // Still alive: it was refused, not consumed.
    expect((await callApi("GET", "/api/projects", bearer(secret))).status).toBe(200);
  });

  it("dies when deleted, and when it expires", async () => {
    const alice = await signUp("Alice");
    const doomed = await createToken(alice.api);
    expect((await alice.api("DELETE", `/api/tokens/${doomed.token.id}`)).status).toBe(204);
    expect((await callApi("GET", "/api/projects", bearer(doomed.secret))).status).toBe(401);
    expect((await alice.api("DELETE", `/api/tokens/${doomed.token.id}`)).status).toBe(404);

    const expiring = await createToken(alice.api, { name: "short", expiresInDays: 1 });
    expect(new Date(expiring.token.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    expect((await callApi("GET", "/api/projects", bearer(expiring.secret))).status).toBe(200);
    const db = await getDb();
    await db.apiToken.update({ where: { id: expiring.token.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await callApi("GET", "/api/projects", bearer(expiring.secret));
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  });

  it("keeps tokens to their owner: another user can neither list nor delete them", async () => {
    const alice = await signUp("Alice");
    const bob = await signUp("Bob");
    const { token, secret } = await createToken(alice.api);
    expect((await (await bob.api("GET", "/api/tokens")).json()).tokens).toEqual([]);
    expect((await bob.api("DELETE", `/api/tokens/${token.id}`)).status).toBe(404);
    expect((await callApi("GET", "/api/projects", bearer(secret))).status).toBe(200);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: "ok", expiresInDays: 0 }, "expiresInDays"],
    [{ name: "ok", expiresInDays: 3651 }, "expiresInDays"],
    [{ name: "ok", expiresInDays: 1.5 }, "expiresInDays"],
  ])("refuses %j with 422 on %s", async (body, field) => {
    const alice = await signUp("Alice");
    const res = await alice.api("POST", "/api/tokens", { json: body });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it.each(["Bearer", "Bearer not-a-token", `Bearer pwt_${"A".repeat(43)}`, "Basic dXNlcjpwYXNz"])(
    "answers 401 for Authorization: %s",
    async (authorization) => {
      const res = await callApi("GET", "/api/projects", { headers: { authorization } });
      expect(res.status).toBe(401);
    },
  );
});
