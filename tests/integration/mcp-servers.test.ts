import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import yauzl from "yauzl";
import { resetConfigForTests } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { signUp, callApi, type Api } from "../support/route-client";
import { startMcpTestServer, type McpTestServer } from "../support/mcp-test-server";
import { json, type Json } from "../support/fixtures";

// MCP connections (docs/operations.md § "MCP servers") against a real MCP server started here (the
// official SDK's, on 127.0.0.1): behind a bearer header, and behind OAuth 2.1 through a small
// authorization server. Connect and list, the address policy (loopback is refused unless
// MCP_ALLOWED_HOSTS names it), another person's 404, and secrets that never come back: not in an
// API answer, a log line or an export.

const SECRET = "s3cret-bearer-value-that-must-not-leak";
process.env.MCP_ALLOWED_HOSTS = "127.0.0.1";
resetConfigForTests();

const logged: string[] = [];
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[method].bind(console);
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "));
    original(...args);
  });
}

let bearer: McpTestServer;
let oauth: McpTestServer;
beforeAll(async () => {
  [bearer, oauth] = await Promise.all([startMcpTestServer({ bearer: SECRET }), startMcpTestServer({ oauth: true })]);
});
afterAll(async () => {
  await Promise.all([bearer?.close(), oauth?.close()]);
});
afterEach(() => {
  process.env.MCP_ALLOWED_HOSTS = "127.0.0.1";
  resetConfigForTests();
});

async function addServer(api: Api, body: Json): Promise<Response> {
  return api("POST", "/api/mcp-servers", { json: body });
}

async function listServers(api: Api): Promise<Json[]> {
  const res = await api("GET", "/api/mcp-servers");
  expect(res.status).toBe(200);
  return (await json(res)).servers;
}

async function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    file.on("entry", async (entry: yauzl.Entry) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      entries.set(entry.fileName, Buffer.concat(chunks));
      file.readEntry();
    });
    file.on("end", () => resolve());
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}

/** The person's browser: follows the authorization page's redirect back to the app's callback. */
async function authorizeInBrowser(api: Api, serverId: string): Promise<Response> {
  const start = await api("GET", `/api/mcp-servers/${serverId}/authorize`);
  expect(start.status).toBe(302);
  const page = new URL(start.headers.get("location")!);
  expect(page.origin).toBe(oauth.oauth!.url);
  expect(page.searchParams.get("code_challenge_method")).toBe("S256");
  expect(page.searchParams.get("code_challenge")).toBeTruthy();
  expect(page.searchParams.get("state")).toBeTruthy();
  const granted = await fetch(page, { redirect: "manual" });
  expect(granted.status).toBe(302);
  const back = new URL(granted.headers.get("location")!);
  expect(back.pathname).toBe("/api/mcp-servers/oauth/callback");
  return api("GET", `${back.pathname}${back.search}`);
}

describe("connections", () => {
  it("connects with a secret header, lists the tools with their read-only annotation, and never returns the value", async () => {
    const { api } = await signUp();
    const res = await addServer(api, {
      name: "Notes",
      url: bearer.url,
      headers: { Authorization: `Bearer ${SECRET}` },
    });
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    const { server } = JSON.parse(text) as Json;
    expect(server).toMatchObject({
      name: "Notes",
      url: bearer.url,
      transport: "http",
      headerNames: ["Authorization"],
      auth: "headers",
      status: "connected",
      lastError: null,
      enabledFor: "all",
      projectIds: [],
    });
    expect(server).not.toHaveProperty("headers");
    const tools = Object.fromEntries(server.tools.map((tool: Json) => [tool.name, tool.readOnly]));
    expect(tools).toMatchObject({ search_notes: true, create_issue: false, slow_lookup: true, huge_report: true });

    const listed = await api("GET", "/api/mcp-servers");
    const listedText = await listed.text();
    expect(listedText).not.toContain(SECRET);
    expect(JSON.parse(listedText).servers).toEqual([server]);
    // At rest the value is sealed: the row holds no trace of it.
    const row = await (await getDb()).mcpServer.findUniqueOrThrow({ where: { id: server.id } });
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.headersSealed).toMatch(/^v1\./);
  });

  it("keeps a server it cannot use, with its status and last error, and refreshes it once the header is right", async () => {
    const { api } = await signUp();
    const res = await addServer(api, { name: "Wrong", url: bearer.url, headers: { Authorization: "Bearer nope" } });
    expect(res.status).toBe(201);
    const { server } = await json(res);
    expect(server.status).toBe("unreachable");
    expect(server.lastError).toContain("401");
    expect(server.tools).toEqual([]);

    const patched = await api("PATCH", `/api/mcp-servers/${server.id}`, {
      json: { headers: { Authorization: `Bearer ${SECRET}` }, name: "Right" },
    });
    expect(patched.status).toBe(200);
    const fixed = (await json(patched)).server;
    expect(fixed).toMatchObject({
      name: "Right",
      status: "connected",
      lastError: null,
      headerNames: ["Authorization"],
    });

    const refreshed = await api("POST", `/api/mcp-servers/${server.id}/refresh`);
    expect(refreshed.status).toBe(200);
    expect((await json(refreshed)).server.tools.length).toBeGreaterThan(3);

    // The server goes away: a refresh says so and keeps the tools it knew.
    const dead = await startMcpTestServer();
    const deadServer = (await json(await addServer(api, { name: "Dead", url: dead.url }))).server;
    expect(deadServer.status).toBe("connected");
    await dead.close();
    const after = (await json(await api("POST", `/api/mcp-servers/${deadServer.id}/refresh`))).server;
    expect(after.status).toBe("unreachable");
    expect(after.lastError).toBeTruthy();
    expect(after.tools.length).toBe(deadServer.tools.length);
  });

  it("connects an older server over SSE", async () => {
    const { api } = await signUp();
    const sse = await startMcpTestServer({ transport: "sse" });
    try {
      const res = await addServer(api, { name: "Legacy", url: sse.url, transport: "sse" });
      expect(res.status).toBe(201);
      const { server } = await json(res);
      expect(server).toMatchObject({ transport: "sse", status: "connected", lastError: null });
      expect(server.tools.map((tool: Json) => tool.name)).toContain("search_notes");
    } finally {
      await sse.close();
    }
  });

  it("refuses a second server of the same name (409) and checks the fields (422)", async () => {
    const { api } = await signUp();
    expect((await addServer(api, { name: "Same", url: bearer.url })).status).toBe(201);
    expect((await addServer(api, { name: "same", url: bearer.url })).status).toBe(409);
    expect((await addServer(api, { name: "Creds", url: "http://user:pw@127.0.0.1:1/mcp" })).status).toBe(422);
    expect((await addServer(api, { name: "Ftp", url: "ftp://127.0.0.1/mcp" })).status).toBe(422);
    expect((await addServer(api, { name: "Host", url: bearer.url, headers: { Host: "x" } })).status).toBe(422);
  });

  it("deletes a connection (204), and it is gone", async () => {
    const { api } = await signUp();
    const { server } = await json(await addServer(api, { name: "Gone", url: bearer.url }));
    expect((await api("DELETE", `/api/mcp-servers/${server.id}`)).status).toBe(204);
    expect(await listServers(api)).toEqual([]);
    expect((await api("DELETE", `/api/mcp-servers/${server.id}`)).status).toBe(404);
  });
});

describe("the address policy", () => {
  it("refuses loopback, private and link-local addresses (422) unless MCP_ALLOWED_HOSTS names them", async () => {
    const { api } = await signUp();
    process.env.MCP_ALLOWED_HOSTS = "";
    resetConfigForTests();
    for (const url of [
      bearer.url,
      `http://localhost:${bearer.port}/mcp`,
      "http://10.1.2.3/mcp",
      "http://192.168.0.10/mcp",
      "http://169.254.169.254/latest",
      "http://[::1]:9/mcp",
      "http://[::ffff:127.0.0.1]:9/mcp",
    ]) {
      const res = await addServer(api, { name: `n${Math.random()}`, url });
      expect(res.status, url).toBe(422);
      expect((await json(res)).error.details[0].path).toBe("url");
    }
    expect(await listServers(api)).toEqual([]);

    // Named by host: allowed, whatever it resolves to.
    process.env.MCP_ALLOWED_HOSTS = "localhost";
    resetConfigForTests();
    const byName = await addServer(api, { name: "Local", url: `http://localhost:${bearer.port}/mcp` });
    expect(byName.status).toBe(201);
    // Named by range: allowed.
    process.env.MCP_ALLOWED_HOSTS = "127.0.0.0/8";
    resetConfigForTests();
    const byRange = await addServer(api, {
      name: "Range",
      url: bearer.url,
      headers: { Authorization: `Bearer ${SECRET}` },
    });
    expect((await json(byRange)).server.status).toBe("connected");
  });

  it("marks a server refused when a connect or a redirect leads to an address the policy refuses", async () => {
    const { api } = await signUp();
    const { server } = await json(
      await addServer(api, { name: "Later", url: bearer.url, headers: { Authorization: `Bearer ${SECRET}` } }),
    );
    process.env.MCP_ALLOWED_HOSTS = "";
    resetConfigForTests();
    const refreshed = (await json(await api("POST", `/api/mcp-servers/${server.id}/refresh`))).server;
    expect(refreshed.status).toBe("refused");
    expect(refreshed.lastError).toContain("MCP_ALLOWED_HOSTS");
    expect((await api("PATCH", `/api/mcp-servers/${server.id}`, { json: { url: "http://10.0.0.7/mcp" } })).status).toBe(
      422,
    );

    // An allowed server that redirects to an internal address.
    process.env.MCP_ALLOWED_HOSTS = "127.0.0.1";
    resetConfigForTests();
    const redirector = http.createServer((req, res) => {
      res.writeHead(307, { location: "http://10.0.0.7/mcp" });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    try {
      const port = (redirector.address() as AddressInfo).port;
      const redirected = (await json(await addServer(api, { name: "Redirect", url: `http://127.0.0.1:${port}/mcp` })))
        .server;
      expect(redirected.status).toBe("refused");
      expect(redirected.lastError).toContain("10.0.0.7");
    } finally {
      redirector.close();
    }
  });
});

describe("OAuth 2.1", () => {
  it("asks for authorization, registers, authorizes with PKCE, connects, and refreshes an expired token", async () => {
    const { api } = await signUp();
    const res = await addServer(api, { name: "Tracker", url: oauth.url });
    expect(res.status).toBe(201);
    const { server } = await json(res);
    expect(server).toMatchObject({ status: "needs_authorization", auth: "oauth", tools: [] });
    expect(oauth.oauth!.registrations).toBe(1);

    const back = await authorizeInBrowser(api, server.id);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toContain(`/workspace/settings?mcpServer=${server.id}&authorization=done`);
    const [connected] = await listServers(api);
    expect(connected).toMatchObject({ status: "connected", auth: "oauth", lastError: null });
    expect(connected.tools.map((tool: Json) => tool.name)).toContain("create_issue");
    expect(oauth.oauth!.tokensIssued).toBe(1);

    // The access token expires: the next connect refreshes it without the person.
    oauth.oauth!.expireAccessTokens();
    const refreshed = (await json(await api("POST", `/api/mcp-servers/${server.id}/refresh`))).server;
    expect(refreshed.status).toBe("connected");
    expect(oauth.oauth!.refreshes).toBe(1);

    // No token ever comes back.
    const answer = await (await api("GET", "/api/mcp-servers")).text();
    for (const token of oauth.oauth!.issued) expect(answer).not.toContain(token);
    const row = await (await getDb()).mcpServer.findUniqueOrThrow({ where: { id: server.id } });
    for (const token of oauth.oauth!.issued) expect(JSON.stringify(row)).not.toContain(token);
  });

  it("uses a state once, and only for its own person (404)", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const { server } = await json(await addServer(owner.api, { name: "Mine", url: oauth.url }));
    const start = await owner.api("GET", `/api/mcp-servers/${server.id}/authorize`);
    const granted = await fetch(new URL(start.headers.get("location")!), { redirect: "manual" });
    const back = new URL(granted.headers.get("location")!);
    const path = `${back.pathname}${back.search}`;
    expect((await other.api("GET", path)).status).toBe(404);
    expect((await owner.api("GET", path)).status).toBe(302);
    expect((await owner.api("GET", path)).status).toBe(404);
    expect((await owner.api("GET", "/api/mcp-servers/oauth/callback?code=x&state=unknown")).status).toBe(404);
  });
});

describe("ownership", () => {
  it("answers another person's server as 404 on every route, and refuses their projects", async () => {
    const owner = await signUp("Owner");
    const other = await signUp("Other");
    const { server } = await json(await addServer(owner.api, { name: "Private", url: bearer.url }));
    expect(await listServers(other.api)).toEqual([]);
    expect((await other.api("PATCH", `/api/mcp-servers/${server.id}`, { json: { name: "x" } })).status).toBe(404);
    expect((await other.api("POST", `/api/mcp-servers/${server.id}/refresh`)).status).toBe(404);
    expect((await other.api("GET", `/api/mcp-servers/${server.id}/authorize`)).status).toBe(404);
    expect((await other.api("DELETE", `/api/mcp-servers/${server.id}`)).status).toBe(404);
    const theirs = (await json(await owner.api("POST", "/api/projects", { json: { name: "Theirs" } }))).project;
    const refused = await addServer(other.api, {
      name: "Sneaky",
      url: bearer.url,
      enabledFor: "projects",
      projectIds: [theirs.id],
    });
    expect(refused.status).toBe(404);
    expect((await callApi("GET", "/api/mcp-servers")).status).toBe(401);
  });
});

describe("secrets", () => {
  it("are named in the export but never carried, and never logged", async () => {
    const { api } = await signUp();
    const project = (await json(await api("POST", "/api/projects", { json: { name: "Ops" } }))).project;
    await addServer(api, {
      name: "Ticketing",
      url: bearer.url,
      headers: { Authorization: `Bearer ${SECRET}`, "X-Api-Key": SECRET },
      enabledFor: "projects",
      projectIds: [project.id],
    });
    await addServer(api, { name: "Failing", url: bearer.url, headers: { Authorization: `Bearer ${SECRET}-wrong` } });
    const zip = Buffer.from(await (await api("GET", "/api/export")).arrayBuffer());
    const entries = await zipEntries(zip);
    for (const [name, bytes] of entries) expect(bytes.toString("utf8"), name).not.toContain(SECRET);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8"));
    expect(manifest.mcpServers).toHaveLength(2);
    expect(manifest.mcpServers[0]).toMatchObject({
      name: "Ticketing",
      url: bearer.url,
      headerNames: ["Authorization", "X-Api-Key"],
      enabledFor: "projects",
      projects: [project.id],
      secretsOmitted: true,
    });
    expect(manifest.mcpServers[0].note).toMatch(/enter the secrets again/);
    // Import takes the archive (the connections are left out) and still refuses nothing.
    const body = new FormData();
    body.append("file", new File([new Uint8Array(zip)], "export.zip", { type: "application/zip" }));
    const other = await signUp("Importer");
    expect((await other.api("POST", "/api/import", { body })).status).toBe(201);

    expect(logged.some((line) => line.includes("[mcp]"))).toBe(true);
    for (const line of logged) expect(line).not.toContain(SECRET);
    for (const token of oauth.oauth!.issued) for (const line of logged) expect(line).not.toContain(token);
  });
});
