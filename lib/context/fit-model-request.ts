import type { ModelMessage, UserModelMessage } from "ai";
import { prepareRequestMessages, projectContextMessage, withProjectContext } from "./build-model-request";
import { markAsThreadSummary, messageIdOf } from "./message-provenance";
import { neutraliseReservedTags } from "./neutralise-reserved-tags";
import type { PinnedProjectContext } from "./pinned-context";
import { hasProjectTools } from "./project-tools-predicate";
import { pruneToolMessage } from "./prune-tool-results";

// Fitting a request into the model's budget (docs/architecture.md § "The path of a run", step 5),
// before every model call of a run. Pure: the caller gives the history, the summary, the pinned
// project and a token counter, and gets the messages to send in this order (the messages are
// cleaned, and the anchor found, once: build-model-request.ts's one pass):
//
//   [system prompt: streamText's `instructions`, always first on the wire]
//   one user-role <conversation_summary> block (when the thread has a summary)
//   the recent turns, verbatim except for pruned tool results
//   the <project> / <documents> block (build-model-request.ts places it)
//   the current user turn, then this run's own steps
//
// What it does when the request is over budget, cheapest information loss first:
//   1. results of tool calls older than the last KEEP_RECENT_TURNS turns become one-line
//      stubs, oldest first, until it fits;
//   2. if it still does not fit and the caller can summarise, it names the oldest turns to
//      fold into the summary, enough that the rest takes about half the budget, so the next
//      summary is many turns away rather than on every run;
//   3. otherwise (nothing left to summarise, or mid-run) the remaining tool results are
//      stubbed too, except the newest step's, which the model is reading right now.
// A tool call is never separated from its result: results are replaced in place, and turns
// are only ever cut at a user message.

export const KEEP_RECENT_TURNS = 2;
/** After a summary, the request should take at most this share of the budget. */
const SUMMARY_TARGET_SHARE = 0.5;

export interface FitModelRequestInput {
  /** History after the summary, the run's user message and the run's steps so far. */
  messages: readonly ModelMessage[];
  /** Id of the run's genuine user message; null when previewing the next run. */
  anchorMessageId: string | null;
  pinned: PinnedProjectContext | null;
  /** The thread's summary of the turns before `messages`; null when there is none. */
  summary: string | null;
  /** Tokens the request carries besides its messages: system prompt and tool schemas. */
  fixedTokens: number;
  /** The most the whole request may take. */
  budgetTokens: number;
  countTokens: (message: ModelMessage) => number;
  /** False mid-run: then nothing is folded into the summary, and step 3 applies directly. */
  canSummarise: boolean;
}

export interface FittedModelRequest {
  messages: ModelMessage[];
  /** The whole request: fixed tokens included. */
  tokens: number;
  prunedToolResults: number;
  fits: boolean;
  /**
   * Set only when it does not fit and summarising would help: the id of the last message of
   * the oldest turns to fold into the summary.
   */
  summariseThroughMessageId: string | null;
}

/** The reserve for the summary a fold will produce: what its model call may write. */
export function summaryTokenCap(budgetTokens: number): number {
  return Math.max(64, Math.min(2000, Math.floor(budgetTokens / 8)));
}

/** The summary as data: user-role, neutralised, one block. */
export function threadSummaryMessage(summary: string): UserModelMessage {
  return markAsThreadSummary({
    role: "user",
    content: `<conversation_summary>\n${neutraliseReservedTags(summary.trim())}\n</conversation_summary>`,
  });
}

/** Turns start at user messages; anything before the first user message is a turn of its own. */
function splitTurns(messages: readonly ModelMessage[]): ModelMessage[][] {
  const turns: ModelMessage[][] = [];
  for (const message of messages) {
    if (message.role === "user" || turns.length === 0) turns.push([]);
    turns.at(-1)!.push(message);
  }
  return turns;
}

export function fitModelRequest(input: FitModelRequestInput): FittedModelRequest {
  const { pinned, summary, fixedTokens, budgetTokens, countTokens } = input;
  const prepared = prepareRequestMessages(input.messages, input.anchorMessageId);
  // Without an anchor (previewing the next run) every message is history.
  const anchorIndex = prepared.anchorIndex ?? prepared.messages.length;
  const turns = splitTurns(prepared.messages.slice(0, anchorIndex));
  const current = prepared.messages.slice(anchorIndex);

  const summaryMessage = summary ? threadSummaryMessage(summary) : null;
  const blocksTokens =
    (summaryMessage ? countTokens(summaryMessage) : 0) +
    (hasProjectTools(pinned) ? countTokens(projectContextMessage(pinned)) : 0);
  const sum = (messages: readonly ModelMessage[]) =>
    messages.reduce((total, message) => total + countTokens(message), 0);
  const turnTokens = turns.map(sum);
  let currentTokens = sum(current);
  const total = () => fixedTokens + blocksTokens + turnTokens.reduce((a, b) => a + b, 0) + currentTokens;
  let prunedToolResults = 0;

  /** Stubs the tool results of one list of messages in place, oldest first, until the request fits. */
  function pruneUntilFits(messages: ModelMessage[], keepFrom = messages.length): number {
    let saved = 0;
    for (let index = 0; index < keepFrom && total() - saved > budgetTokens; index += 1) {
      const { message, pruned } = pruneToolMessage(messages[index]);
      const delta = countTokens(messages[index]) - countTokens(message);
      if (pruned === 0 || delta <= 0) continue;
      messages[index] = message;
      prunedToolResults += pruned;
      saved += delta;
    }
    return saved;
  }

  // 1. Old turns' tool results.
  for (let turn = 0; turn < turns.length - KEEP_RECENT_TURNS && total() > budgetTokens; turn += 1) {
    turnTokens[turn] -= pruneUntilFits(turns[turn]);
  }

  // 2. Fold the oldest turns into the summary.
  let summariseThroughMessageId: string | null = null;
  if (total() > budgetTokens && input.canSummarise && turns.length > 0) {
    const target = Math.floor(budgetTokens * SUMMARY_TARGET_SHARE);
    const summaryCap = summaryTokenCap(budgetTokens);
    const projectTokens = hasProjectTools(pinned) ? countTokens(projectContextMessage(pinned)) : 0;
    let remaining = turnTokens.reduce((a, b) => a + b, 0);
    let fold = 0;
    for (; fold < turns.length - 1; fold += 1) {
      remaining -= turnTokens[fold];
      if (fixedTokens + summaryCap + projectTokens + remaining + currentTokens <= target) break;
    }
    const folded = turns.slice(0, fold + 1).flat();
    summariseThroughMessageId = folded.map(messageIdOf).findLast((id) => id !== null) ?? null;
  }

  // 3. Last resort: every other tool result, recent turns first, then this run's older steps.
  if (total() > budgetTokens && summariseThroughMessageId === null) {
    for (
      let turn = Math.max(0, turns.length - KEEP_RECENT_TURNS);
      turn < turns.length && total() > budgetTokens;
      turn += 1
    ) {
      turnTokens[turn] -= pruneUntilFits(turns[turn]);
    }
    // The results after the newest assistant message are what the model asked for last.
    const newestStep = current.findLastIndex((message) => message.role === "assistant");
    currentTokens -= pruneUntilFits(current, Math.max(0, newestStep));
  }

  // Pruning replaced messages in place, so the anchor is still at `anchorIndex`.
  const request = withProjectContext(
    { messages: [...turns.flat(), ...current], anchorIndex: prepared.anchorIndex },
    pinned,
  );
  const tokens = total();
  return {
    messages: summaryMessage ? [summaryMessage, ...request] : request,
    tokens,
    prunedToolResults,
    fits: tokens <= budgetTokens,
    summariseThroughMessageId,
  };
}
