import { notFound } from "@/lib/errors";
import { readMcpServerDto } from "./list-mcp-servers";
import type { McpServerDto } from "./mcp-server-dto";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { probeMcpServer } from "./probe-mcp-server";

/** Reconnects and lists the tools again (POST /api/mcp-servers/{id}/refresh). */
export async function refreshMcpServer({
  userId,
  serverId,
  origin,
}: {
  userId: string;
  serverId: string;
  origin?: string;
}): Promise<McpServerDto> {
  await probeMcpServer({ serverId, userId, callbackUrl: origin ? oauthCallbackUrl(origin) : undefined });
  const dto = await readMcpServerDto({ userId, serverId });
  if (!dto) throw notFound();
  return dto;
}
