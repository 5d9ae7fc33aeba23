import { getDb } from "@/lib/db/client";
import { toMcpServerDto, type McpServerDto } from "./mcp-server-dto";

/** The caller's MCP servers, oldest first (the order a run offers their tools in). */
export async function listMcpServers({ userId }: { userId: string }): Promise<McpServerDto[]> {
  const db = await getDb();
  const [servers, projects] = await Promise.all([
    db.mcpServer.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.project.findMany({ where: { userId }, select: { id: true } }),
  ]);
  const live = new Set(projects.map((project) => project.id));
  return servers.map((server) => toMcpServerDto(server, live));
}

/** One of the caller's servers as the API shows it (after a write). */
export async function readMcpServerDto({ userId, serverId }: { userId: string; serverId: string }) {
  const servers = await listMcpServers({ userId });
  return servers.find((server) => server.id === serverId) ?? null;
}
