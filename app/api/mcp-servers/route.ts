import { createMcpServerBody } from "@/lib/api-schemas/mcp-servers";
import { authedRoute, readJsonBody } from "@/lib/endpoints/route";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";
import { listMcpServers } from "@/lib/mcp/list-mcp-servers";

export const dynamic = "force-dynamic";

// GET /api/mcp-servers – the caller's MCP servers with their status and tools (never a header value); session only
export const GET = authedRoute(async ({ user }) =>
  Response.json({ servers: await listMcpServers({ userId: user.id }) }),
);

// POST /api/mcp-servers – connect a server and list its tools; 422 for an address the policy refuses
export const POST = authedRoute(async ({ req, user, url }) => {
  const fields = await readJsonBody(req, createMcpServerBody);
  const server = await createMcpServer({ userId: user.id, fields, origin: url.origin });
  return Response.json({ server }, { status: 201 });
});
