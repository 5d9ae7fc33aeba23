import "server-only";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import type { McpServer } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { connectMcpServer } from "./connect-mcp-server";
import { describeMcpFailure } from "./describe-mcp-failure";
import { isReadOnly, listServerTools } from "./list-server-tools";

// Connects to a server and lists its tools (on create, edit, refresh and after an
// authorization), then records what happened: connected with its tools, or the status and
// last error a person can act on. The tools of an earlier connect are kept when it fails, so
// the settings page still shows what the server offers.

export async function probeMcpServer({
  serverId,
  userId,
  callbackUrl,
}: {
  serverId: string;
  userId: string;
  callbackUrl?: string;
}): Promise<McpServer> {
  const db = await getDb();
  const server = await db.mcpServer.findFirst({ where: { id: serverId, userId } });
  if (!server) throw notFound();
  const timeout = config().mcpConnectTimeoutMs;
  let data: Partial<McpServer>;
  try {
    const connection = await connectMcpServer(server, { callbackUrl, timeoutMs: timeout });
    try {
      const tools = await listServerTools(connection.client, { timeout });
      data = {
        status: "connected",
        lastError: null,
        tools: tools.map((tool) => ({
          name: tool.name,
          description: tool.description ?? "",
          readOnly: isReadOnly(tool),
        })),
        ...(connection.provider.hasTokens() ? { auth: "oauth" as const } : {}),
      };
    } finally {
      await connection.close();
    }
  } catch (error) {
    const failure = describeMcpFailure(error);
    data = {
      status: failure.status,
      lastError: failure.message,
      ...(failure.status === "needs_authorization" ? { auth: "oauth" as const } : {}),
    };
    console.warn(`[mcp] server ${server.id} is ${failure.status}: ${failure.message}`);
  }
  await db.mcpServer.updateMany({ where: { id: serverId, userId }, data: data as object });
  const updated = await db.mcpServer.findFirst({ where: { id: serverId, userId } });
  if (!updated) throw notFound();
  return updated;
}
