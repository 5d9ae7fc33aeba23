import { z } from "zod";

// The request schemas of the MCP server routes (docs/operations.md § "MCP servers"): the route
// handlers parse with these, and the OpenAPI document is generated from the same objects.

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;
// Set by the client itself; a connection may not replace them.
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "accept",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);

const name = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .meta({ description: "1 to 64 characters once trimmed; unique per person (the agent's tool names carry it)" });

const url = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((value) => {
    const parsed = new URL(value);
    return !parsed.username && !parsed.password;
  }, "Put credentials in a header, not in the URL.")
  .meta({ description: "The server's http(s) endpoint; its address must pass the address policy (else 422)" });

const headers = z
  .record(
    z
      .string()
      .regex(HEADER_NAME, "not a header name")
      .refine((key) => !RESERVED_HEADERS.has(key.toLowerCase()), {
        message: "this header is set by the client itself",
      }),
    z
      .string()
      .max(8192)
      .regex(/^[^\r\n]*$/, "a header value is one line"),
  )
  .refine((value) => Object.keys(value).length <= 20, "at most 20 headers")
  .meta({ description: "Header name → value. Values are secrets: stored encrypted, never returned (write-only)" });

const fields = {
  name,
  url,
  transport: z.enum(["http", "sse"]).meta({ description: "Streamable HTTP (default) or SSE for older servers" }),
  headers,
  enabledFor: z.enum(["all", "projects"]).meta({ description: "Every chat, or chats in the projects listed" }),
  projectIds: z.array(z.uuid()).max(200),
};

/** POST /api/mcp-servers */
export const createMcpServerBody = z.object({
  name: fields.name,
  url: fields.url,
  transport: fields.transport.default("http"),
  headers: fields.headers.optional(),
  enabledFor: fields.enabledFor.default("all"),
  projectIds: fields.projectIds.default([]),
});

/** PATCH /api/mcp-servers/{id}: `headers` replaces every header (`{}` removes them). */
export const updateMcpServerBody = z.object({
  name: fields.name.optional(),
  url: fields.url.optional(),
  transport: fields.transport.optional(),
  headers: fields.headers.optional(),
  enabledFor: fields.enabledFor.optional(),
  projectIds: fields.projectIds.optional(),
});

/** GET /api/mcp-servers/oauth/callback */
export const mcpOAuthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});

/** POST /api/threads/{id}/runs/{runId}/approvals */
export const answerApprovalBody = z.object({
  toolCallId: z.string().min(1).max(200),
  approve: z.boolean(),
  forThread: z.boolean().optional().meta({ description: "Approve this tool for the rest of the chat" }),
});
