import { describe, expect, it } from "vitest";
import { callApi, signUp, TEST_ORIGIN } from "../support/route-client";

// Issue #12, finding 3: with a session cookie, a state change must come from the app's own
// origin and send JSON as application/json; anything else is 403 forbidden_origin and
// changes nothing.

async function expectForbidden(res: Response) {
  expect(res.status).toBe(403);
  expect((await res.json()).error.code).toBe("forbidden_origin");
}

describe("cross-site requests with a session cookie", () => {
  const crossSite: [string, Record<string, string>][] = [
    ["a foreign Origin", { origin: "http://evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["the app's origin on another port", { origin: "http://localhost:3001" }],
    ["Sec-Fetch-Site: cross-site and no Origin", { origin: "", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: same-site and no Origin", { origin: "", "sec-fetch-site": "same-site" }],
    ["neither Origin nor Sec-Fetch-Site", { origin: "" }],
  ];

  it.each(crossSite)("refuses a project create, rename, archive, upload and purge with %s", async (_label, headers) => {
    const user = await signUp();
    const raw = (method: string, path: string, init: { json?: unknown; body?: BodyInit } = {}) =>
      user.api(method, path, { ...init, headers });
    const project = (await (await user.api("POST", "/api/projects", { json: { name: "Mine" } })).json()).project;
    await expectForbidden(await raw("POST", "/api/projects", { json: { name: "Planted" } }));
    await expectForbidden(await raw("PATCH", `/api/projects/${project.id}`, { json: { name: "Renamed" } }));
    await expectForbidden(await raw("POST", `/api/projects/${project.id}/archive`));
    const form = new FormData();
    form.append("file", new Blob(["hello"]), "note.txt");
    await expectForbidden(await raw("POST", `/api/projects/${project.id}/documents`, { body: form }));
    await expectForbidden(await raw("POST", "/api/trash/purge"));
    const after = await (await user.api("GET", `/api/projects/${project.id}`)).json();
    expect(after.project).toMatchObject({ name: "Mine", status: "active", documentCount: 0 });
    expect(
      (await (await user.api("GET", "/api/projects")).json()).projects.map((p: { name: string }) => p.name),
    ).not.toContain("Planted");
  });

  it("accepts the app's own origin, and Sec-Fetch-Site: same-origin without an Origin", async () => {
    const user = await signUp();
    expect(
      (await user.api("POST", "/api/projects", { json: { name: "A" }, headers: { origin: TEST_ORIGIN } })).status,
    ).toBe(201);
    expect(
      (await user.api("POST", "/api/projects", { json: { name: "B" }, headers: { origin: "http://127.0.0.1:3000" } }))
        .status,
    ).toBe(201);
    const sameOrigin = await callApi("POST", "/api/projects", {
      cookie: user.cookie,
      body: JSON.stringify({ name: "C" }),
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", origin: "" },
    });
    expect(sameOrigin.status).toBe(201);
  });

  it.each(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded"])(
    "refuses a JSON body sent as %s",
    async (contentType) => {
      const user = await signUp();
      const res = await user.api("POST", "/api/projects", {
        body: JSON.stringify({ name: "Sneaky" }),
        headers: { "content-type": contentType },
      });
      await expectForbidden(res);
      expect(
        (await (await user.api("GET", "/api/projects")).json()).projects.map((p: { name: string }) => p.name),
      ).not.toContain("Sneaky");
    },
  );

  it("lets reads through from anywhere (a GET changes nothing)", async () => {
    const user = await signUp();
    expect(
      (
        await user.api("GET", "/api/projects", {
          headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
        })
      ).status,
    ).toBe(200);
  });
});
