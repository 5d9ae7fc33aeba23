import { describe, expect, it } from "vitest";
import { callApi, signUp, type Api } from "../support/route-client";
import { json } from "../support/fixtures";

// Issue #26: what one careless or hostile client sends never costs anyone a 500, nor more
// than its own request. Every JSON body is bounded in size and nesting before it is parsed
// (lib/http/read-bounded-json.ts), on every route that reads one and on the account routes.

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);
const deepInstructions = `{"name":"x","instructions":${nested(50_000)}}`;

async function postRaw(api: Api, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return api("POST", path, { body, headers: { "content-type": "application/json", ...headers } });
}

/** A body that arrives in pieces with no Content-Length, as a chunked upload does. */
function streamOf(totalBytes: number, pieceBytes = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const piece = new Uint8Array(Math.min(pieceBytes, totalBytes - sent)).fill(0x20);
      if (sent === 0) piece[0] = 0x5b; // "[" then spaces: valid so far, never finished
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
}

describe("hostile JSON bodies", () => {
  it("answers a body nested 50,000 deep with 400, and nothing is created", async () => {
    const { api } = await signUp();
    const before = (await json(await api("GET", "/api/projects"))).projects.length;
    const res = await postRaw(api, "/api/projects", deepInstructions);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: "bad_request", message: expect.stringContaining("nested") });
    expect((await json(await api("GET", "/api/projects"))).projects.length).toBe(before);
  });

  it("answers deeply nested objects with 400 too", async () => {
    const { api } = await signUp();
    const body = `{"name":"x","instructions":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`;
    expect((await postRaw(api, "/api/projects", body)).status).toBe(400);
  });

  it("accepts brackets inside strings: only structure counts as nesting", async () => {
    const { api } = await signUp();
    const instructions = `Use ${nested(2000)} and {{${'"'}}} freely \\" [`;
    const res = await api("POST", "/api/projects", { json: { name: "Brackets", instructions } });
    expect(res.status).toBe(201);
    expect((await json(res)).project.instructions).toBe(instructions);
  });

  it("accepts nesting up to the limit and refuses one level more", async () => {
    const { api } = await signUp();
    // 32 levels in all: the body's own object plus 31 arrays. Valid JSON, wrong shape: 422.
    expect((await postRaw(api, "/api/projects", `{"name":"x","instructions":${nested(31)}}`)).status).toBe(422);
    expect((await postRaw(api, "/api/projects", `{"name":"x","instructions":${nested(32)}}`)).status).toBe(400);
  });

  it("answers a body over the size limit with 413, by its Content-Length and as it streams", async () => {
    const { api } = await signUp();
    const huge = JSON.stringify({ name: "Huge", instructions: "x".repeat(3 * 1024 * 1024) });
    const declared = await postRaw(api, "/api/projects", huge);
    expect(declared.status).toBe(413);
    expect((await json(declared)).error.code).toBe("payload_too_large");

    const streamed = await postRaw(api, "/api/projects", streamOf(64 * 1024 * 1024));
    expect(streamed.status).toBe(413);
    expect((await json(await api("GET", "/api/projects"))).projects.map((p: { name: string }) => p.name)).not.toContain(
      "Huge",
    );
  });

  it("answers bytes that are not UTF-8 with 400", async () => {
    const { api } = await signUp();
    const body = new Uint8Array([...Buffer.from('{"name":"'), 0xff, 0xfe, ...Buffer.from('"}')]);
    const res = await postRaw(api, "/api/projects", body);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toContain("UTF-8");
  });

  it("answers a wide body (100,000 keys, under the size limit) without a 500, in its own time", async () => {
    const { api } = await signUp();
    const keys = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    const res = await api("POST", "/api/projects", { json: { name: "Wide", ...keys } });
    expect(res.status).toBe(201); // unknown keys are ignored, as for any body
    expect(Object.keys((await json(res)).project)).not.toContain("k1");
  });

  it("keeps __proto__ and constructor keys as plain data", async () => {
    const { api } = await signUp();
    const res = await postRaw(api, "/api/projects", '{"name":"Proto","__proto__":{"polluted":true},"constructor":1}');
    expect(res.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers numbers past the double range, and wrong types, with 422", async () => {
    const { api } = await signUp();
    expect((await postRaw(api, "/api/projects", '{"name":1e999}')).status).toBe(422);
    expect((await postRaw(api, "/api/projects", '["name"]')).status).toBe(422);
    expect((await postRaw(api, "/api/projects", "null")).status).toBe(422);
  });

  it("refuses the 50,000-deep body with 400 on every route that reads JSON", async () => {
    const { api } = await signUp();
    const { project } = await json(await api("POST", "/api/projects", { json: { name: "Routes" } }));
    const { thread } = await json(await api("POST", "/api/threads", { json: { projectId: project.id } }));
    const id = "00000000-0000-4000-8000-000000000000";
    const routes: [string, string][] = [
      ["POST", "/api/projects"],
      ["PATCH", `/api/projects/${project.id}`],
      ["POST", `/api/projects/${project.id}/documents/from-thread`],
      ["POST", "/api/threads"],
      ["PATCH", `/api/threads/${thread.id}`],
      ["POST", `/api/threads/${thread.id}/move`],
      ["POST", `/api/threads/${thread.id}/runs`],
      ["POST", "/api/tokens"],
      ["POST", `/api/trash/documents/${id}/restore`],
    ];
    for (const [method, path] of routes) {
      const res = await api(method, path, { body: deepInstructions, headers: { "content-type": "application/json" } });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
    // The thread is untouched and takes a run afterwards (the refused run left nothing behind).
    expect((await json(await api("GET", `/api/threads/${thread.id}`))).thread.projectId).toBe(project.id);
  });

  it("refuses deep and huge bodies on the account routes before better-auth parses them", async () => {
    // 20 KB, inside the account routes' 64 KiB: refused for its depth, not its size.
    const deep = await callApi("POST", "/api/auth/sign-up/email", {
      body: `{"email":"deep@example.test","password":"long enough password","name":${nested(10_000)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(deep.status).toBe(400);
    const huge = await callApi("POST", "/api/auth/sign-in/email", {
      body: JSON.stringify({ email: "x@example.test", password: "p".repeat(200_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    // Neither created an account: signing in as the deep one fails.
    const signIn = await callApi("POST", "/api/auth/sign-in/email", {
      json: { email: "deep@example.test", password: "long enough password" },
    });
    expect(signIn.status).toBe(401);
  });
});
