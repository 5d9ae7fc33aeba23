// What an answer carries about MCP tools (docs/architecture.md § "The path of a run", step 4).
// Pure: the chat renders both, so they are safe in the browser.
//
// `data-mcp-approval` (id: the tool call's id): a call to a tool its server does not mark
// read-only, waiting for the person (`pending`) and then answered. Sent into the run's
// stream, so followers on any instance see it, and stored with the answer, so the card
// shows how the call was decided after a reload.
//
// `McpNotice`, in the answer's metadata: a server left out of the run, or tools left out
// because the run's bound was reached.

export const MCP_APPROVAL_PART = "data-mcp-approval";

export type McpApprovalStatus = "pending" | "approved" | "denied" | "expired";

export interface McpApprovalData {
  toolCallId: string;
  /** The run that waits (the answer is POSTed to …/runs/{runId}/approvals). */
  runId: string;
  /** The connection's name, as the person gave it. */
  server: string;
  /** The server's own name for the tool. */
  tool: string;
  status: McpApprovalStatus;
  /** When an unanswered wait ends (ISO 8601), while pending. */
  expiresAt?: string;
  /** Approved for the rest of this chat. */
  forThread?: boolean;
}

export function isMcpApprovalPart(part: {
  type: string;
}): part is { type: typeof MCP_APPROVAL_PART; data: McpApprovalData } {
  if (part.type !== MCP_APPROVAL_PART) return false;
  const data = (part as { data?: unknown }).data;
  return typeof data === "object" && data !== null && typeof (data as McpApprovalData).toolCallId === "string";
}

export type McpNotice =
  /** A server could not be used in this run: its tools were not offered. */
  | {
      kind: "mcp_server_left_out";
      server: string;
      reason: "unreachable" | "timeout" | "needs_authorization" | "refused";
    }
  /** More tools than MCP_MAX_TOOLS_PER_RUN were enabled: `count` were not offered. */
  | { kind: "mcp_tools_left_out"; count: number; limit: number };
