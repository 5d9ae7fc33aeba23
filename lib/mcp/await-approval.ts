import "server-only";
import { config } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import type { McpApprovalData, McpApprovalStatus } from "@/lib/thread-messages/mcp-parts";

// The wait of a call to a tool its server does not mark read-only
// (docs/architecture.md § "The path of a run", step 4): it runs only once the person approves that
// call, or has allowed the tool for this chat. The question is a row (mcp_tool_approval), so the
// answer can come through any instance: the run looks at the row again whenever a signal says it
// changed (NOTIFY, or in process) and at least every POLL_MS, like a cancel. The wait is bounded
// (MCP_APPROVAL_TIMEOUT_SECONDS): an unanswered call is `expired` and ends the run.

const POLL_MS = 1_000;

export interface ApprovalWake {
  /** Calls `handler` whenever an answer about this run may have arrived; returns the unsubscribe. */
  subscribe(handler: () => void): () => void;
}

export interface ApprovalRequest {
  runId: string;
  threadId: string;
  userId: string;
  toolCallId: string;
  serverId: string;
  serverName: string;
  tool: string;
  signal?: AbortSignal;
  wake: ApprovalWake;
  /** Tells the chat (the run's stream) about the question and its answer. */
  announce(data: McpApprovalData): void;
}

export type ApprovalOutcome = Exclude<McpApprovalStatus, "pending">;

export async function awaitApproval(request: ApprovalRequest): Promise<ApprovalOutcome> {
  const { runId, threadId, userId, toolCallId, serverId, serverName, tool, signal } = request;
  const db = await getDb();
  const allowed = await db.mcpChatAllowance.findFirst({ where: { threadId, serverId, tool, userId } });
  if (allowed) return "approved";

  const expiresAt = new Date(Date.now() + config().mcpApprovalTimeoutSeconds * 1000);
  const row = await db.mcpToolApproval.upsert({
    where: { runId_toolCallId: { runId, toolCallId } },
    create: { runId, threadId, userId, toolCallId, serverId, tool },
    update: {},
  });
  const base = { toolCallId, runId, server: serverName, tool };
  request.announce({ ...base, status: "pending", expiresAt: expiresAt.toISOString() });

  const answered = async (): Promise<{ status: McpApprovalStatus; forThread: boolean } | null> => {
    const current = await db.mcpToolApproval.findUnique({ where: { id: row.id } });
    return current && current.status !== "pending" ? current : null;
  };

  let outcome: { status: McpApprovalStatus; forThread: boolean } | null = null;
  let wakeUp: (() => void) | null = null;
  const unsubscribe = request.wake.subscribe(() => wakeUp?.());
  try {
    while (!(outcome = await answered())) {
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0 || signal?.aborted) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, Math.min(POLL_MS, left));
        function finish() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", finish);
          wakeUp = null;
          resolve();
        }
        wakeUp = finish;
        signal?.addEventListener("abort", finish, { once: true });
      });
    }
    if (!outcome) {
      // Nobody answered in time (or the run stopped): the question closes, unless an answer
      // landed at this very moment, which then stands.
      const { count } = await db.mcpToolApproval.updateMany({
        where: { id: row.id, status: "pending" },
        data: { status: "expired", answeredAt: new Date() },
      });
      outcome = count > 0 ? { status: "expired", forThread: false } : await answered();
    }
  } finally {
    unsubscribe();
  }
  const status = (outcome?.status ?? "expired") as ApprovalOutcome;
  request.announce({ ...base, status, ...(outcome?.forThread && status === "approved" ? { forThread: true } : {}) });
  return status;
}
