import { describe, expect, it } from "vitest";
import type { Auth } from "@/lib/auth/auth";
import { ANSWERED_AUTH_ENDPOINTS, handleAuthRequest } from "@/lib/auth/auth-request";
import { rejectRawPath } from "@/lib/http/raw-path.mjs";
import { callApi, signUp, type Api } from "../support/route-client";
import { rawZip } from "../support/raw-zip";

// What the API promises holds however a request arrives (issue 36): an archive cannot bring in
// what the routes would refuse.

const now = new Date().toISOString();

type Manifest = {
  projects: { instructions: string }[];
  threads: { title: string; messages: { parts: { text: string }[] }[] }[];
  notes: { text: string }[];
};

/** A valid archive of one project, one chat with one message and one approved note, then changed. */
function archive(change: (manifest: Manifest) => void): Buffer {
  const manifest = {
    formatVersion: 1,
    exportedAt: now,
    projects: [
      { key: "p1", name: "Imported", instructions: "Be brief.", status: "active", createdAt: now, updatedAt: now },
    ],
    documents: [],
    threads: [
      {
        key: "t1",
        title: "Imported chat",
        project: "p1",
        createdAt: now,
        updatedAt: now,
        messages: [{ role: "user", parts: [{ type: "text", text: "hi" }], metadata: null, createdAt: now }],
        files: [],
        transcript: "threads/Imported chat.md",
      },
    ],
    notes: [
      {
        project: "p1",
        text: "Use metric units.",
        state: "approved",
        origin: "user",
        source: null,
        trashed: null,
        createdAt: now,
        approvedAt: now,
      },
    ],
  };
  change(manifest);
  return rawZip([{ name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) }]);
}

async function importZip(api: Api, zip: Buffer): Promise<Response> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(zip)], "export.zip"));
  return api("POST", "/api/import", { body });
}

async function expectNothingImported(api: Api) {
  const { projects } = await (await api("GET", "/api/projects")).json();
  expect(projects.map((p: { name: string }) => p.name)).toEqual(["My first project"]);
  expect((await (await api("GET", "/api/threads")).json()).total).toBe(0);
}

describe("import holds an archive to the API's own rules", () => {
  it.each([
    ["a note", "notes.0.text", (m: Manifest) => (m.notes[0]!.text = "metric\u0000units")],
    ["a chat title", "threads.0.title", (m: Manifest) => (m.threads[0]!.title = "chat\u0000title")],
    ["instructions", "projects.0.instructions", (m: Manifest) => (m.projects[0]!.instructions = "be\u0000brief")],
    [
      "a message",
      "threads.0.messages.0.parts.0.text",
      (m: Manifest) => (m.threads[0]!.messages[0]!.parts[0]!.text = "h\u0000i"),
    ],
  ])("a NUL in %s is a 422 naming %s, and nothing is created", async (_what, field, change) => {
    const user = await signUp("Nul");
    const res = await importZip(user.api, archive(change));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.details[0]).toMatchObject({ path: "file", reason: "manifest_invalid", field });
    expect(body.error.message).toContain("NUL");
    await expectNothingImported(user.api);
  });

  it("a 10,000-character chat title is refused like the API refuses it (over 200)", async () => {
    const user = await signUp("Long");
    const title = "t".repeat(10_000);
    const viaApi = await user.api("POST", "/api/threads", { json: { title } });
    expect(viaApi.status).toBe(422);

    const res = await importZip(
      user.api,
      archive((m) => (m.threads[0]!.title = title)),
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.details[0]).toMatchObject({ reason: "manifest_invalid", field: "threads.0.title" });
    expect(body.error.details[0].message).toContain("200");
    await expectNothingImported(user.api);
  });

  it("an empty note is refused like the API refuses it", async () => {
    const user = await signUp("Empty");
    const res = await importZip(
      user.api,
      archive((m) => (m.notes[0]!.text = "   ")),
    );
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.details[0]).toMatchObject({ reason: "manifest_invalid", field: "notes.0.text" });
    await expectNothingImported(user.api);
  });

  it("the same archive within the API's bounds imports (the refusals are not the path always taken)", async () => {
    const user = await signUp("Fine");
    const res = await importZip(
      user.api,
      archive((m) => (m.threads[0]!.title = "t".repeat(200))),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ projects: 1, documents: 0, threads: 1 });
  });
});

describe("a JSON body is JSON", () => {
  async function tokenOf(api: Api): Promise<string> {
    const res = await api("POST", "/api/tokens", { json: { name: "script" } });
    expect(res.status).toBe(201);
    return (await res.json()).secret;
  }

  it.each(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", null])(
    "with a token, a JSON body sent as %s is a 415 in the error shape, and nothing is created",
    async (contentType) => {
      const user = await signUp("Typed");
      const secret = await tokenOf(user.api);
      const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
      const body = new Blob([JSON.stringify({ name: "Sneaky" })], contentType ? { type: contentType } : {});
      if (contentType) headers["content-type"] = contentType;
      const res = await callApi("POST", "/api/projects", { headers, body });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: { code: "unsupported_media_type", message: expect.any(String) },
      });
      const { projects } = await (await user.api("GET", "/api/projects")).json();
      expect(projects.map((p: { name: string }) => p.name)).not.toContain("Sneaky");
    },
  );

  it("with a token, application/json (with a charset) and an empty body of any type are accepted", async () => {
    const user = await signUp("Typed");
    const secret = await tokenOf(user.api);
    const created = await callApi("POST", "/api/projects", {
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ name: "Plain JSON" }),
    });
    expect(created.status).toBe(201);
    const { project } = await created.json();
    // A body-less fork (its body is optional) sent with a stray type is not a JSON body sent wrong.
    const forked = await callApi("POST", `/api/projects/${project.id}/fork`, {
      headers: { authorization: `Bearer ${secret}`, "content-type": "text/plain" },
    });
    expect(forked.status).toBe(201);
  });

  it("the document declares the 415 on every operation with a JSON body", async () => {
    const document = await (await callApi("GET", "/api/openapi.json")).json();
    const post = document.paths["/api/projects"].post;
    expect(post.responses["415"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
  });
});

describe("a refused upload leaves the connection usable", () => {
  it("two files where one is allowed: 400, and the connection is closed since the body was not read", async () => {
    const user = await signUp("Uploader");
    const { projects } = await (await user.api("GET", "/api/projects")).json();
    const body = new FormData();
    body.append("file", new File(["one"], "one.txt"));
    body.append("file", new File(["two"], "two.txt"));
    const res = await user.api("POST", `/api/projects/${projects[0].id}/documents`, { body });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe("bad_request");
    expect(res.headers.get("connection")).toBe("close");
    // Nothing was kept: the shelf is still empty.
    expect((await (await user.api("GET", `/api/projects/${projects[0].id}/documents`)).json()).total).toBe(0);
  });

  it("a body refused before it is read (no session) closes too; a body read whole keeps the connection", async () => {
    const user = await signUp("Reader");
    const { projects } = await (await user.api("GET", "/api/projects")).json();
    const body = new FormData();
    body.append("file", new File(["one"], "one.txt"));
    const anonymous = await callApi("POST", `/api/projects/${projects[0].id}/documents`, { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("connection")).toBe("close");

    const invalid = await user.api("POST", "/api/projects", { json: { name: "" } });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("connection")).toBeNull();
  });

  it("a JSON body over its limit is refused unread, with the connection closed", async () => {
    const user = await signUp("Big");
    const res = await user.api("POST", "/api/projects", {
      body: "x".repeat(3 * 1024 * 1024),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
  });
});

describe("the account endpoints are the ones the app uses, and none gives a session token away", () => {
  const password = "correct horse battery";
  const sessionOf = async () => {
    const email = `s-${crypto.randomUUID()}@example.test`;
    const res = await callApi("POST", "/api/auth/sign-up/email", { json: { email, password, name: "S" } });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // The cookie's value is `<token>.<signature>`.
    const token = decodeURIComponent(cookie.split("session_token=")[1]!).split(".")[0]!;
    return { email, cookie, token, body: await res.json() };
  };

  it.each([
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/update-user"],
    ["POST", "/api/auth/change-password"],
    ["POST", "/api/auth/revoke-sessions"],
    ["POST", "/api/auth/delete-user"],
    ["GET", "/api/auth/ok"],
    ["GET", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/get-session"],
  ])("%s %s is a 404 in the error shape, even with a session", async (method, path) => {
    const { cookie, token } = await sessionOf();
    const res = await callApi(method, path, { cookie, ...(method === "POST" ? { json: { name: "Changed" } } : {}) });
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "not_found", message: expect.any(String) } });
    expect(text).not.toContain(token);
  });

  it("update-user changes nothing", async () => {
    const { cookie } = await sessionOf();
    await callApi("POST", "/api/auth/update-user", { cookie, json: { name: "Changed" } });
    const session = await (await callApi("GET", "/api/auth/get-session", { cookie })).json();
    expect(session.user.name).toBe("S");
  });

  it("sign-up, sign-in and get-session answer without the token; signedIn says whether a session exists", async () => {
    const { email, cookie, token, body } = await sessionOf();
    expect(JSON.stringify(body)).not.toContain(token);
    expect(body).toMatchObject({ signedIn: true, user: { email } });
    expect(body).not.toHaveProperty("token");

    const session = await callApi("GET", "/api/auth/get-session", { cookie });
    expect(session.status).toBe(200);
    const sessionText = await session.text();
    expect(sessionText).not.toContain(token);
    expect(JSON.parse(sessionText).session).not.toHaveProperty("token");

    const signIn = await callApi("POST", "/api/auth/sign-in/email", { json: { email, password } });
    expect(signIn.status).toBe(200);
    const signedIn = await signIn.json();
    expect(signedIn).toMatchObject({ signedIn: true });
    expect(signedIn).not.toHaveProperty("token");
    const newToken = decodeURIComponent(signIn.headers.getSetCookie().join(";").split("session_token=")[1]!).split(
      ".",
    )[0]!;
    expect(JSON.stringify(signedIn)).not.toContain(newToken);

    // A sign-up for a taken email still answers like one, with no session.
    const again = await callApi("POST", "/api/auth/sign-up/email", { json: { email, password, name: "S" } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ signedIn: false, user: { email } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("the document lists exactly the account endpoints that answer", async () => {
    const document = await (await callApi("GET", "/api/openapi.json")).json();
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/api/auth/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual([...ANSWERED_AUTH_ENDPOINTS].sort());
  });

  it("better-auth's sign-up rate limit answers 429 with a code, like every other error", async () => {
    // better-auth's limiter (on in production only) answers with a message and nothing else.
    const limited = {
      handler: async () =>
        new Response(JSON.stringify({ message: "Too many requests. Please try again later." }), {
          status: 429,
          headers: { "X-Retry-After": "12" },
        }),
    } as unknown as Auth;
    const req = new Request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "many@example.test", password, name: "M" }),
    });
    const res = await handleAuthRequest(limited, req);
    expect(res.status).toBe(429);
    expect(res.headers.get("x-retry-after")).toBe("12");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: expect.any(String) });
  });
});

describe("what the server answers, the document declares", () => {
  type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };
  const documentPaths = async () =>
    (await (await callApi("GET", "/api/openapi.json")).json()).paths as Record<string, Record<string, Operation>>;

  it("POST /api/threads in a project that is not the caller's: a 404, declared", async () => {
    const user = await signUp("Chats");
    const res = await user.api("POST", "/api/threads", { json: { projectId: crypto.randomUUID() } });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe("not_found");
    const declared = (await documentPaths())["/api/threads"]!.post!.responses["404"];
    expect(declared?.content?.["application/json"]?.schema.$ref).toBe("#/components/schemas/Error");
  });

  it("a malformed % escape in a path is a 400 in the error shape, declared by every operation with a path parameter", async () => {
    const user = await signUp("Escapes");
    const { projects } = await (await user.api("GET", "/api/projects")).json();
    expect(rejectRawPath(`/api/projects/${projects[0].id}%E0%A4%A/notes`)).toEqual({
      status: 400,
      code: "bad_request",
      message: expect.any(String),
    });
    const undeclared = Object.entries(await documentPaths())
      .filter(([path]) => path.includes("{"))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([, operation]) => !operation.responses["400"] && !path.startsWith("/api/auth/"))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(undeclared).toEqual([]);
  });
});

describe("query parameters mean what the document's schemas say", () => {
  it.each([
    ["/api/threads", "limit=1e1", "limit"],
    ["/api/threads", "limit=1e3", "limit"],
    ["/api/threads", "offset=", "offset"],
    ["/api/threads", "limit=", "limit"],
    ["/api/threads", "limit=0x10", "limit"],
    ["/api/threads", "limit=%2B5", "limit"],
    ["/api/threads", "limit=5.0", "limit"],
    ["/api/threads", "limit=5&limit=6", "limit"],
    ["/api/trash/documents", "offset=&limit=5", "offset"],
    ["/api/trash/documents", "limit=2&limit=2", "limit"],
  ])("GET %s?%s is refused 422 naming %s", async (path, query, field) => {
    const user = await signUp("Query");
    const res = await user.api("GET", `${path}?${query}`);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.details[0].path).toBe(field);
  });

  it("plain decimal numbers within the bounds are read as given, and the document says integer", async () => {
    const user = await signUp("Query");
    for (let i = 0; i < 3; i++) await user.api("POST", "/api/threads", { json: { title: `Chat ${i}` } });
    const res = await user.api("GET", "/api/threads?limit=2&offset=1");
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.total).toBe(3);
    expect(page.threads).toHaveLength(2);
    const document = await (await callApi("GET", "/api/openapi.json")).json();
    const limit = document.paths["/api/threads"].get.parameters.find((p: { name: string }) => p.name === "limit");
    expect(limit.schema).toEqual({ default: 50, type: "integer", minimum: 1, maximum: 200 });
  });
});
