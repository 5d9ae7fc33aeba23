import { z } from "zod";
import { createMcpServerBody, mcpOAuthCallbackQuery, updateMcpServerBody } from "@/lib/api-schemas/mcp-servers";
import * as r from "./response-schemas";
import { noContent } from "./operation-parts";
import type { ApiOperation } from "./operation-types";

const server = z.object({ server: r.mcpServerSchema });
const redirect = (description: string) => ({
  status: 302,
  description,
  headers: { location: "Where the browser goes next" },
});

// MCP servers
export const mcpServersOperations: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/mcp-servers",
    tag: "MCP servers",
    summary: "the caller's MCP servers with their status and tools (never a header value); session only",
    auth: "session-only",
    responses: [
      {
        status: 200,
        description: "The servers, oldest first",
        json: z.object({ servers: z.array(r.mcpServerSchema) }),
      },
    ],
  },
  {
    method: "POST",
    path: "/api/mcp-servers",
    tag: "MCP servers",
    summary: "connect a server and list its tools; 422 for an address the policy refuses",
    description:
      "The URL's host is resolved and every address checked: private, loopback and link-local addresses are refused (422) unless MCP_ALLOWED_HOSTS names the host or a range holding it. A server that cannot be reached yet is kept with `status` and `lastError`; one that asks for OAuth gets `needs_authorization`. 409 for a name already taken; 404 for a project that is not the caller's.",
    auth: "session-only",
    body: createMcpServerBody,
    responses: [{ status: 201, description: "The server, after its first connect", json: server }],
    errors: ["conflict", "not_found"],
  },
  {
    method: "PATCH",
    path: "/api/mcp-servers/{id}",
    tag: "MCP servers",
    summary: "edit a connection (new headers replace the old); reconnects when where or how changed",
    auth: "session-only",
    body: updateMcpServerBody,
    responses: [{ status: 200, description: "The server", json: server }],
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/mcp-servers/{id}",
    tag: "MCP servers",
    summary: "remove a connection with its secrets",
    auth: "session-only",
    responses: [noContent("Removed")],
  },
  {
    method: "POST",
    path: "/api/mcp-servers/{id}/refresh",
    tag: "MCP servers",
    summary: "reconnect and list the server's tools again",
    auth: "session-only",
    responses: [{ status: 200, description: "The server, after the connect", json: server }],
  },
  {
    method: "GET",
    path: "/api/mcp-servers/{id}/authorize",
    tag: "MCP servers",
    summary: "send the browser to the server's authorization page (OAuth 2.1 with PKCE)",
    description:
      "Discovery and dynamic client registration as needed, then a redirect to the authorization page with a fresh PKCE challenge and state. When a stored refresh token still works, or authorization cannot start, the redirect goes back to the settings page (`authorization=done|failed`).",
    auth: "session-only",
    responses: [redirect("To the authorization page, or back to the settings page")],
  },
  {
    method: "GET",
    path: "/api/mcp-servers/oauth/callback",
    tag: "MCP servers",
    summary: "finish an authorization (code and state from the authorization server), then back to settings",
    description:
      "The state finds the caller's own server and is used once (another person's, or a used one, is a 404); the code is exchanged with the PKCE verifier, the server is connected, and the browser goes to the settings page with `authorization=done` or `failed`.",
    auth: "session-only",
    query: mcpOAuthCallbackQuery,
    responses: [redirect("Back to the settings page")],
    errors: ["not_found"],
  },
];
