import { getDb } from "@/lib/db/client";
import { configuredContextBudget } from "@/lib/context/context-budget";
import { countFixedTokens, countMessageTokens } from "@/lib/context/count-tokens";
import { fitModelRequest } from "@/lib/context/fit-model-request";
import type { HistoryContext } from "@/lib/context/history-context-dto";
import { historyToModelMessages } from "@/lib/context/history-to-model-messages";
import { loadRunHistory } from "../admission/load-run-history";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { buildSystemPrompt } from "@/lib/context/system-prompt";
import { citationNumbers } from "@/lib/tools/citation-numbers";
import { buildRunTools } from "@/lib/tools/run-tools";
import { config } from "@/lib/config/env";
import { planImageTreatment } from "@/lib/context/image-turns";

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
  // Built only for their schemas' tokens: nothing executes them, so no answer id is needed.
  // view_image included, as for a model that may see images (unknown counts as able).
  const tools = buildRunTools({
    userId,
    threadId,
    answerMessageId: "",
    pinned,
    citations: citationNumbers(),
    viewedImages: { seesImages: () => true, images: new Map() },
  });
  // Images only count (a fixed cost each), so none is read: an empty stand-in of each.
  const images = {
    plan: planImageTreatment(messages, { historyTurns: config().imageHistoryTurns, vision: null }),
    load: async () => ({ bytes: new Uint8Array(0), mediaType: "image/jpeg" }),
  };
  const budget = configuredContextBudget(thread?.modelId ?? null);
  const fitted = fitModelRequest({
    messages: await historyToModelMessages(messages, tools, images),
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
