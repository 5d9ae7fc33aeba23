import { updateMcpServerBody } from "@/lib/api-schemas/mcp-servers";
import { authedRoute, noContent, readJsonBody } from "@/lib/endpoints/route";
import { deleteMcpServer } from "@/lib/mcp/delete-mcp-server";
import { updateMcpServer } from "@/lib/mcp/update-mcp-server";

export const dynamic = "force-dynamic";

// PATCH /api/mcp-servers/{id} – edit a connection (new headers replace the old); reconnects when where or how changed
export const PATCH = authedRoute<{ id: string }>(async ({ req, user, params, url }) => {
  const fields = await readJsonBody(req, updateMcpServerBody);
  const server = await updateMcpServer({ userId: user.id, serverId: params.id, fields, origin: url.origin });
  return Response.json({ server });
});

// DELETE /api/mcp-servers/{id} – remove a connection with its secrets
export const DELETE = authedRoute<{ id: string }>(async ({ user, params }) => {
  await deleteMcpServer({ userId: user.id, serverId: params.id });
  return noContent();
});
