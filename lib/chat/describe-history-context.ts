import { getDb } from "@/lib/db/client";
import { configuredContextBudget } from "./context-budget";
import { countFixedTokens, countMessageTokens } from "./count-tokens";
import { fitModelRequest } from "./fit-model-request";
import type { HistoryContext } from "./history-context-dto";
import { historyToModelMessages } from "./history-to-model-messages";
import { loadRunHistory } from "./load-run-history";
import type { PinnedProjectContext } from "./pinned-context";
import { buildSystemPrompt } from "./system-prompt";
import { buildRunTools } from "./tools/run-tools";

// The `history` part of GET /api/threads/{id}/context: how much of the budget the next run's
// request takes before its new message, computed with the run's own history loading,
// tools, system prompt and fitting. Over the budget means the next run will summarise.

export async function describeHistoryContext({
  userId,
  threadId,
  pinned,
}: {
  userId: string;
  threadId: string;
  /** The project context admission pins for the thread (null outside a project). */
  pinned: PinnedProjectContext | null;
}): Promise<HistoryContext> {
  const db = await getDb();
  const { summary, messages } = await loadRunHistory(db, { threadId, userId });
  const thread = await db.thread.findFirst({ where: { id: threadId, userId }, select: { modelId: true } });
  const tools = buildRunTools({ userId, threadId, pinned });
  const budget = configuredContextBudget(thread?.modelId ?? null);
  const fitted = fitModelRequest({
    messages: await historyToModelMessages(messages, tools),
    anchorMessageId: null,
    pinned,
    summary: summary?.text ?? null,
    fixedTokens: await countFixedTokens({
      instructions: buildSystemPrompt({ today: new Date(), withTools: true }),
      tools,
    }),
    budgetTokens: budget.inputTokens,
    countTokens: countMessageTokens,
    canSummarise: true,
  });
  return {
    tokens: fitted.tokens,
    budgetTokens: budget.inputTokens,
    prunedToolResults: fitted.prunedToolResults,
    summarizedThroughMessageId: summary?.throughMessageId ?? null,
  };
}
