import "server-only";
import { jsonSchema, tool, type Tool } from "ai";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import type { McpApprovalData, McpNotice } from "@/lib/thread-messages/mcp-parts";
import { awaitApproval, type ApprovalWake } from "./await-approval";
import { connectMcpServer, type McpConnection } from "./connect-mcp-server";
import { describeMcpFailure, isTimeout } from "./describe-mcp-failure";
import { isReadOnly, listServerTools } from "./list-server-tools";
import { mcpToolName } from "./mcp-tool-name";
import { toolResultForModel, type McpCallResult, type ModelToolOutput } from "./tool-result-text";

// The MCP tools of one run (docs/architecture.md § "The path of a run", step 4). The person's
// servers enabled for this chat (all chats, or the chat's project) are connected in parallel, each
// within MCP_CONNECT_TIMEOUT_MS; one that is down, slow, refused by the address policy or waiting
// for authorization is left out with a notice and the run goes on. Their tools are offered as
// `mcp__{server}__{tool}`, oldest server first, at most MCP_MAX_TOOLS_PER_RUN of them (a notice
// counts the rest). A tool its server does not mark read-only runs only after the person approves
// the call (await-approval.ts); every call is bounded in time (MCP_TOOL_TIMEOUT_MS) and in size
// (MCP_RESULT_MAX_BYTES).

export interface RunMcpTools {
  tools: Record<string, Tool>;
  /** What the answer tells the person about servers and tools left out. */
  notices: McpNotice[];
  /** Whether a call's approval went unanswered: the run ends after the current step. */
  approvalExpired(): boolean;
  /** Closes every connection (once the run has ended). */
  close(): Promise<void>;
}

export interface RunMcpContext {
  userId: string;
  threadId: string;
  runId: string;
  /** The run's pinned project, if any: servers enabled for chosen projects need it. */
  projectId: string | null;
  signal: AbortSignal;
  wake: ApprovalWake;
  announce(data: McpApprovalData): void;
}

const NO_TOOLS: RunMcpTools = {
  tools: {},
  notices: [],
  approvalExpired: () => false,
  close: async () => undefined,
};

export async function openRunMcpTools(context: RunMcpContext): Promise<RunMcpTools> {
  const { userId, projectId, runId } = context;
  const db = await getDb();
  const servers = await db.mcpServer.findMany({
    where: {
      userId,
      OR: [
        { enabledFor: "all" },
        ...(projectId ? [{ enabledFor: "projects" as const, projectIds: { has: projectId } }] : []),
      ],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (servers.length === 0) return NO_TOOLS;

  const settings = config();
  const notices: McpNotice[] = [];
  const connections: McpConnection[] = [];
  const opened = await Promise.all(
    servers.map(async (server) => {
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(settings.mcpConnectTimeoutMs)]);
      try {
        const connection = await connectMcpServer(server, { timeoutMs: settings.mcpConnectTimeoutMs, signal });
        connections.push(connection);
        const listed = await listServerTools(connection.client, { timeout: settings.mcpConnectTimeoutMs, signal });
        return { server, connection, listed };
      } catch (error) {
        const failure = describeMcpFailure(error);
        console.warn(`[mcp] run ${runId}: server ${server.id} left out (${failure.reason}): ${failure.message}`);
        notices.push({ kind: "mcp_server_left_out", server: server.name, reason: failure.reason });
        return null;
      }
    }),
  );

  let expired = false;
  let leftOut = 0;
  const tools: Record<string, Tool> = {};
  for (const entry of opened) {
    if (!entry) continue;
    const { server, connection, listed } = entry;
    for (const mcpTool of listed) {
      const name = mcpToolName(server.name, mcpTool.name);
      if (tools[name]) continue;
      if (Object.keys(tools).length >= settings.mcpMaxToolsPerRun) {
        leftOut++;
        continue;
      }
      const readOnly = isReadOnly(mcpTool);
      tools[name] = tool({
        description: `${mcpTool.description ?? mcpTool.name} (from the MCP server "${server.name}"${readOnly ? "" : "; the person approves each call"})`,
        inputSchema: jsonSchema(mcpTool.inputSchema as Parameters<typeof jsonSchema>[0]),
        execute: async (input, { toolCallId, abortSignal }): Promise<ModelToolOutput> => {
          if (!readOnly) {
            const outcome = await awaitApproval({
              runId,
              threadId: context.threadId,
              userId,
              toolCallId,
              serverId: server.id,
              serverName: server.name,
              tool: mcpTool.name,
              signal: abortSignal ?? context.signal,
              wake: context.wake,
              announce: context.announce,
            });
            if (outcome === "denied") return { error: "The person denied this call; it was not run." };
            if (outcome === "expired") {
              expired = true;
              return { error: "Nobody approved this call in time; it was not run and the answer ends here." };
            }
          }
          return callTool(connection, mcpTool.name, input, abortSignal ?? context.signal);
        },
      });
    }
  }
  if (leftOut > 0) notices.push({ kind: "mcp_tools_left_out", count: leftOut, limit: settings.mcpMaxToolsPerRun });
  return {
    tools,
    notices,
    approvalExpired: () => expired,
    close: async () => void (await Promise.all(connections.map((connection) => connection.close()))),
  };
}

async function callTool(
  connection: McpConnection,
  name: string,
  input: unknown,
  signal: AbortSignal,
): Promise<ModelToolOutput> {
  const { mcpToolTimeoutMs, mcpResultMaxBytes } = config();
  try {
    const result = await connection.client.callTool(
      { name, arguments: (input ?? {}) as Record<string, unknown> },
      undefined,
      { timeout: mcpToolTimeoutMs, signal },
    );
    return toolResultForModel(result as McpCallResult, mcpResultMaxBytes);
  } catch (error) {
    if (isTimeout(error))
      return { error: `The server did not answer within ${mcpToolTimeoutMs} ms (MCP_TOOL_TIMEOUT_MS).` };
    return { error: `The call failed: ${describeMcpFailure(error).message}` };
  }
}
