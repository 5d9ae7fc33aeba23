import { getDb } from "@/lib/db/client";

// What an account export says about the person's MCP servers: each connection by name and
// address, the names of its headers, and that its secrets (header values, OAuth tokens) are
// not in the archive and must be entered again. Nothing sealed is read here.

export const MCP_SECRETS_NOTE =
  "Header values and OAuth authorizations are not exported: enter the secrets again (or authorize again) after connecting.";

export interface ExportedMcpServer {
  name: string;
  url: string;
  transport: "http" | "sse";
  auth: "none" | "headers" | "oauth";
  headerNames: string[];
  enabledFor: "all" | "projects";
  /** Project keys of this archive (their ids at export time). */
  projects: string[];
  secretsOmitted: true;
  note: string;
}

export async function exportMcpServers(userId: string, projectKeys: ReadonlySet<string>): Promise<ExportedMcpServer[]> {
  const db = await getDb();
  const servers = await db.mcpServer.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      name: true,
      url: true,
      transport: true,
      auth: true,
      headerNames: true,
      enabledFor: true,
      projectIds: true,
    },
  });
  return servers.map((server) => ({
    name: server.name,
    url: server.url,
    transport: server.transport,
    auth: server.auth,
    headerNames: server.headerNames,
    enabledFor: server.enabledFor,
    projects: server.projectIds.filter((id) => projectKeys.has(id)),
    secretsOmitted: true,
    note: MCP_SECRETS_NOTE,
  }));
}
