import { transaction } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors";
import type { McpApprovalStatus } from "@/lib/thread-messages/mcp-parts";

// The person's answer to a call waiting for approval (POST /api/threads/{id}/runs/{runId}/
// approvals): check-and-set on the row, so only a question still pending takes an answer,
// once (a second answer, or one after the wait expired, is a 409). "Allow for this chat"
// records the tool for the chat in the same transaction. Owner-scoped: another person's
// run or call is a 404 like a missing one. The run's instance is woken by the caller.

export async function answerApproval({
  userId,
  threadId,
  runId,
  toolCallId,
  approve,
  forThread = false,
}: {
  userId: string;
  threadId: string;
  runId: string;
  toolCallId: string;
  approve: boolean;
  forThread?: boolean;
}): Promise<{ toolCallId: string; status: McpApprovalStatus; forThread: boolean }> {
  return transaction(async (tx) => {
    const row = await tx.mcpToolApproval.findFirst({ where: { runId, toolCallId, threadId, userId } });
    if (!row) throw notFound();
    const status = approve ? "approved" : "denied";
    const allowForThread = approve && forThread;
    const { count } = await tx.mcpToolApproval.updateMany({
      where: { id: row.id, status: "pending" },
      data: { status, forThread: allowForThread, answeredAt: new Date() },
    });
    if (count === 0)
      throw new AppError(
        "conflict",
        row.status === "expired" ? "This call waited too long and was not run." : "This call was already answered.",
      );
    if (allowForThread)
      await tx.mcpChatAllowance.upsert({
        where: { threadId_serverId_tool: { threadId, serverId: row.serverId, tool: row.tool } },
        create: { threadId, serverId: row.serverId, tool: row.tool, userId },
        update: {},
      });
    return { toolCallId, status, forThread: allowForThread };
  });
}
