import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

// A real MCP server for tests (the official SDK's server on 127.0.0.1), in three flavours:
// open, behind a bearer header, or behind OAuth 2.1 through a small authorization server of
// its own (discovery, dynamic client registration, authorization code with PKCE S256,
// refresh; authorization is granted at once, as a person clicking Allow would). Its tools:
//
//   search_notes({query})   read-only: "found: <query>"
//   create_issue({title})   not read-only: records the call, "created issue #n: <title>"
//   slow_lookup({query})    read-only: answers after `slowMs` (or when the test releases it)
//   huge_report({bytes})    read-only: a text of that many bytes
//   tool_<n>                `extraTools` read-only tools, to pass a run's bound on tools
//
// Every call that reached a tool is in `calls`, so a test can say what ran and when.

export interface McpTestServer {
  /** The MCP endpoint (`/mcp`, or `/sse` for the SSE flavour). */
  url: string;
  port: number;
  calls: { tool: string; args: Record<string, unknown> }[];
  /** Requests that reached the MCP endpoint (authorized or not). */
  requests: number;
  /** OAuth only: the authorization server's base URL, and its record of what happened. */
  oauth?: {
    url: string;
    registrations: number;
    tokensIssued: number;
    refreshes: number;
    /** Every access and refresh token issued so far (to show they never leak). */
    issued: string[];
    /** Makes every access token issued so far invalid, as if it had expired. */
    expireAccessTokens(): void;
  };
  /** Lets a held slow_lookup answer now. */
  releaseSlow(): void;
  close(): Promise<void>;
}

export interface McpTestServerOptions {
  /** The bearer token the server demands (`Authorization: Bearer <token>`). */
  bearer?: string;
  oauth?: boolean;
  transport?: "http" | "sse";
  /** How long slow_lookup takes (default: until released or closed). */
  slowMs?: number;
  extraTools?: number;
}

type Json = Record<string, any>;

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Json = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

export async function startMcpTestServer(options: McpTestServerOptions = {}): Promise<McpTestServer> {
  const calls: McpTestServer["calls"] = [];
  let issues = 0;
  const slowWaiters: (() => void)[] = [];
  let slowReleased = false;
  const sockets = new Set<import("node:net").Socket>();

  function buildServer(): McpServer {
    const server = new McpServer({ name: "test-mcp", version: "1.0.0" });
    server.registerTool(
      "search_notes",
      {
        description: "Searches the notes",
        inputSchema: { query: z.string() },
        annotations: { readOnlyHint: true },
      },
      async ({ query }) => {
        calls.push({ tool: "search_notes", args: { query } });
        return { content: [{ type: "text", text: `found: ${query}` }] };
      },
    );
    server.registerTool(
      "create_issue",
      { description: "Creates an issue", inputSchema: { title: z.string() } },
      async ({ title }) => {
        calls.push({ tool: "create_issue", args: { title } });
        return { content: [{ type: "text", text: `created issue #${++issues}: ${title}` }] };
      },
    );
    server.registerTool(
      "slow_lookup",
      {
        description: "Looks something up, slowly",
        inputSchema: { query: z.string() },
        annotations: { readOnlyHint: true },
      },
      async ({ query }) => {
        calls.push({ tool: "slow_lookup", args: { query } });
        await new Promise<void>((resolve) => {
          if (slowReleased) return resolve();
          slowWaiters.push(resolve);
          if (options.slowMs !== undefined) setTimeout(resolve, options.slowMs);
        });
        return { content: [{ type: "text", text: `slowly found: ${query}` }] };
      },
    );
    server.registerTool(
      "huge_report",
      { description: "A long report", inputSchema: { bytes: z.number() }, annotations: { readOnlyHint: true } },
      async ({ bytes }) => {
        calls.push({ tool: "huge_report", args: { bytes } });
        return { content: [{ type: "text", text: "x".repeat(bytes) }] };
      },
    );
    for (let i = 1; i <= (options.extraTools ?? 0); i++)
      server.registerTool(
        `tool_${i}`,
        { description: `Extra tool ${i}`, inputSchema: {}, annotations: { readOnlyHint: true } },
        async () => ({ content: [{ type: "text", text: `tool ${i}` }] }),
      );
    return server;
  }

  // OAuth: the authorization server (its own port) and what it has issued.
  const oauthState = {
    clients: new Map<string, { redirectUris: string[] }>(),
    codes: new Map<string, { clientId: string; challenge: string; redirectUri: string }>(),
    accessTokens: new Set<string>(),
    refreshTokens: new Set<string>(),
    registrations: 0,
    tokensIssued: 0,
    refreshes: 0,
    issued: [] as string[],
  };
  let authServer: http.Server | null = null;
  let authBase = "";

  const issueTokens = () => {
    const access = randomBytes(16).toString("hex");
    const refresh = randomBytes(16).toString("hex");
    oauthState.accessTokens.add(access);
    oauthState.refreshTokens.add(refresh);
    oauthState.tokensIssued++;
    oauthState.issued.push(access, refresh);
    return { access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: refresh };
  };

  if (options.oauth) {
    authServer = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? "/", authBase);
      if (req.method === "GET" && url.pathname === "/.well-known/oauth-authorization-server") {
        return sendJson(res, 200, {
          issuer: authBase,
          authorization_endpoint: `${authBase}/authorize`,
          token_endpoint: `${authBase}/token`,
          registration_endpoint: `${authBase}/register`,
          response_types_supported: ["code"],
          grant_types_supported: ["authorization_code", "refresh_token"],
          code_challenge_methods_supported: ["S256"],
          token_endpoint_auth_methods_supported: ["none"],
        });
      }
      if (req.method === "POST" && url.pathname === "/register") {
        const metadata = JSON.parse(await readBody(req)) as Json;
        const clientId = `client-${randomBytes(6).toString("hex")}`;
        oauthState.clients.set(clientId, { redirectUris: metadata.redirect_uris ?? [] });
        oauthState.registrations++;
        return sendJson(res, 201, {
          ...metadata,
          client_id: clientId,
          client_id_issued_at: Math.floor(Date.now() / 1000),
        });
      }
      if (req.method === "GET" && url.pathname === "/authorize") {
        const clientId = url.searchParams.get("client_id") ?? "";
        const redirectUri = url.searchParams.get("redirect_uri") ?? "";
        const client = oauthState.clients.get(clientId);
        if (
          !client ||
          !client.redirectUris.includes(redirectUri) ||
          url.searchParams.get("code_challenge_method") !== "S256"
        )
          return sendJson(res, 400, { error: "invalid_request" });
        const code = randomBytes(12).toString("hex");
        oauthState.codes.set(code, { clientId, challenge: url.searchParams.get("code_challenge") ?? "", redirectUri });
        const back = new URL(redirectUri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (req.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(await readBody(req));
        if (form.get("grant_type") === "authorization_code") {
          const grant = oauthState.codes.get(form.get("code") ?? "");
          oauthState.codes.delete(form.get("code") ?? "");
          const challenge = createHash("sha256")
            .update(form.get("code_verifier") ?? "")
            .digest("base64url");
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get("redirect_uri"))
            return sendJson(res, 400, { error: "invalid_grant" });
          return sendJson(res, 200, issueTokens());
        }
        if (form.get("grant_type") === "refresh_token") {
          const refresh = form.get("refresh_token") ?? "";
          if (!oauthState.refreshTokens.delete(refresh)) return sendJson(res, 400, { error: "invalid_grant" });
          oauthState.refreshes++;
          return sendJson(res, 200, issueTokens());
        }
        return sendJson(res, 400, { error: "unsupported_grant_type" });
      }
      sendJson(res, 404, { error: "not_found" });
    });
    authServer.on("connection", (socket) => sockets.add(socket));
    authBase = `http://127.0.0.1:${await listen(authServer)}`;
  }

  let base = "";
  const sseTransports = new Map<string, SSEServerTransport>();
  const state = { requests: 0 };
  const mcpPath = options.transport === "sse" ? "/sse" : "/mcp";

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (options.oauth && req.method === "GET" && url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
      return sendJson(res, 200, { resource: `${base}${mcpPath}`, authorization_servers: [authBase] });
    }
    if (url.pathname !== mcpPath && url.pathname !== "/messages") return sendJson(res, 404, { error: "not_found" });
    state.requests++;
    const authorization = req.headers.authorization ?? "";
    if (options.bearer !== undefined && authorization !== `Bearer ${options.bearer}`)
      return sendJson(res, 401, { error: "unauthorized" });
    if (options.oauth && !oauthState.accessTokens.has(authorization.replace(/^Bearer /, ""))) {
      return sendJson(
        res,
        401,
        { error: "invalid_token" },
        { "www-authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource${mcpPath}"` },
      );
    }
    try {
      if (options.transport === "sse") {
        if (req.method === "GET") {
          const transport = new SSEServerTransport("/messages", res);
          sseTransports.set(transport.sessionId, transport);
          res.on("close", () => sseTransports.delete(transport.sessionId));
          await buildServer().connect(transport);
          return;
        }
        const transport = sseTransports.get(url.searchParams.get("sessionId") ?? "");
        if (!transport) return sendJson(res, 404, { error: "no session" });
        return await transport.handlePostMessage(req, res, JSON.parse(await readBody(req)));
      }
      // Stateless Streamable HTTP: a server and a transport per request.
      const body = req.method === "POST" ? JSON.parse(await readBody(req)) : undefined;
      const mcp = buildServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    }
  });
  server.on("connection", (socket) => sockets.add(socket));
  const port = await listen(server);
  base = `http://127.0.0.1:${port}`;

  const releaseSlow = () => {
    slowReleased = true;
    for (const wake of slowWaiters.splice(0)) wake();
  };
  return {
    url: `${base}${mcpPath}`,
    port,
    calls,
    get requests() {
      return state.requests;
    },
    oauth: options.oauth
      ? {
          url: authBase,
          get registrations() {
            return oauthState.registrations;
          },
          get tokensIssued() {
            return oauthState.tokensIssued;
          },
          get refreshes() {
            return oauthState.refreshes;
          },
          issued: oauthState.issued,
          expireAccessTokens: () => oauthState.accessTokens.clear(),
        }
      : undefined,
    releaseSlow,
    async close() {
      releaseSlow();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (authServer) await new Promise<void>((resolve) => authServer!.close(() => resolve()));
    },
  };
}
