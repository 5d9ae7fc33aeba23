import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import { getDb } from "@/lib/db/client";
import type { ContextBudget } from "@/lib/context/context-budget";
import { countFixedTokens, countMessageTokens } from "@/lib/context/count-tokens";
import { fitModelRequest } from "@/lib/context/fit-model-request";
import { messageIdOf } from "@/lib/context/message-provenance";
import type { PinnedProjectContext } from "@/lib/context/pinned-context";
import { summariseTurns } from "@/lib/context/summarise-turns";
import { saveThreadSummary } from "@/lib/threads/thread-summary";

// The run's side of the context budget: before every model call, fit the request
// (fit-model-request.ts); before the first one, fold the oldest turns into the thread's
// summary when pruning is not enough, and save it. Mid-run nothing is summarised: only this
// run's own older tool results can still give way.

/** A request that cannot be brought within the budget; its message is shown to the person. */
export class ContextTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContextTooLargeError";
  }
}

export interface RunRequestFitterInput {
  model: LanguageModel;
  threadId: string;
  userId: string;
  anchorMessageId: string;
  pinned: PinnedProjectContext | null;
  /** The thread's summary when the run started; the history given to the run starts after it. */
  summary: string | null;
  instructions: string;
  tools: ToolSet;
  budget: ContextBudget;
  signal: AbortSignal;
  /** Called when a summary call starts, so the person sees why the answer takes longer. */
  onSummarising?: () => void;
}

export type RequestFitter = (messages: ModelMessage[], stepNumber: number) => Promise<ModelMessage[]>;

export function createRunRequestFitter(input: RunRequestFitterInput): RequestFitter {
  const { budget } = input;
  let summary = input.summary;
  let foldedThroughMessageId: string | null = null;
  let fixedTokens: number | null = null;

  const fit = (messages: ModelMessage[], canSummarise: boolean) =>
    fitModelRequest({
      messages,
      anchorMessageId: input.anchorMessageId,
      pinned: input.pinned,
      summary,
      fixedTokens: fixedTokens!,
      budgetTokens: budget.inputTokens,
      countTokens: countMessageTokens,
      canSummarise,
    });

  return async (all, stepNumber) => {
    fixedTokens ??= await countFixedTokens({ instructions: input.instructions, tools: input.tools });
    let messages = afterFold(all, foldedThroughMessageId);
    let fitted = fit(messages, stepNumber === 0);
    if (!fitted.fits && fitted.summariseThroughMessageId) {
      const through = fitted.summariseThroughMessageId;
      const cut = lastIndexOfMessage(messages, through) + 1;
      input.onSummarising?.();
      summary = await summariseTurns({
        model: input.model,
        previous: summary,
        messages: messages.slice(0, cut),
        budgetTokens: budget.inputTokens,
        signal: input.signal,
      });
      await saveThreadSummary(
        await getDb(),
        { threadId: input.threadId, userId: input.userId },
        { text: summary, throughMessageId: through },
      );
      foldedThroughMessageId = through;
      messages = messages.slice(cut);
      fitted = fit(messages, false);
    }
    if (!fitted.fits) throw new ContextTooLargeError(tooLargeMessage(fitted.tokens, budget.inputTokens, stepNumber));
    return fitted.messages;
  };
}

function lastIndexOfMessage(messages: readonly ModelMessage[], messageId: string): number {
  return messages.findLastIndex((message) => messageIdOf(message) === messageId);
}

/** Each step gets the run's whole history again; what was folded into the summary is dropped. */
function afterFold(messages: ModelMessage[], foldedThroughMessageId: string | null): ModelMessage[] {
  if (foldedThroughMessageId === null) return messages;
  return messages.slice(lastIndexOfMessage(messages, foldedThroughMessageId) + 1);
}

function tooLargeMessage(tokens: number, budgetTokens: number, stepNumber: number): string {
  const size = `about ${tokens.toLocaleString("en-US")} tokens, and a request to this model may carry at most ${budgetTokens.toLocaleString("en-US")}`;
  return stepNumber === 0
    ? `This message is too long for the model's context window (${size}). Shorten it, or attach the text as a file so the assistant can read it in parts.`
    : `What the assistant read during this reply no longer fits the model's context window (${size}). Ask for a smaller part at a time.`;
}
