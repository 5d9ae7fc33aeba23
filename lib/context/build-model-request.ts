import type { ModelMessage, UserModelMessage } from "ai";
import {
  isProjectContextMessage,
  isThreadSummaryMessage,
  markAsProjectContext,
  messageIdOf,
} from "./message-provenance";
import { neutraliseUserMessage } from "./neutralise-user-messages";
import { pinnedContextText, type PinnedProjectContext } from "./pinned-context";
import { hasProjectTools } from "./project-tools-predicate";

// Request assembly (docs/architecture.md § "The path of a run", step 5), run before every model
// call of a run, in one pass over the messages: the request-only blocks of an earlier request or
// step are dropped (they are rebuilt from the pinned snapshot, never carried), user text is
// neutralised, the anchor is found, and the project block goes in just before it.
//
// The run calls it through fitModelRequest (fit-model-request.ts), from its request fitter
// (lib/runs/fit-run-request.ts) in the AI SDK's `prepareStep`: every step is rebuilt from
// the run's whole history, so messages carried forward from an earlier step's request can
// never pile up copies of the block.
//
// Anchor: the run's genuine user message, found by the server-generated message id stamped
// with `withMessageId` (message-provenance.ts), never by text or position. The history and
// the new user message are converted and stamped by the server, so the id cannot come from
// the client. If several messages carry that id, the last user message wins: the run's own
// message is the newest one.

export interface ModelRequestInput {
  /** Persisted history + this run's user message + this run's response messages so far. */
  messages: readonly ModelMessage[];
  /** Id of the run's genuine user message; null for resumed or internal calls. */
  anchorMessageId: string | null;
  /** The run's pinned project context; null when the thread has no project. */
  pinned: PinnedProjectContext | null;
}

/** The messages a request is built from, cleaned once, with where the run's own turn starts. */
export interface RequestMessages {
  /** No project or summary block; every user message neutralised. */
  messages: ModelMessage[];
  /** Index of the anchor user message in `messages`; null when there is none. */
  anchorIndex: number | null;
}

/** The one pass: drops request-only blocks, neutralises user text and finds the anchor. */
export function prepareRequestMessages(
  messages: readonly ModelMessage[],
  anchorMessageId: string | null,
): RequestMessages {
  const clean: ModelMessage[] = [];
  let anchorIndex: number | null = null;
  for (const message of messages) {
    if (isProjectContextMessage(message) || isThreadSummaryMessage(message)) continue;
    if (anchorMessageId !== null && message.role === "user" && messageIdOf(message) === anchorMessageId) {
      anchorIndex = clean.length;
    }
    clean.push(neutraliseUserMessage(message));
  }
  return { messages: clean, anchorIndex };
}

/**
 * Places the project block in prepared messages (the same ones, or ones changed in place
 * only, so `anchorIndex` still points at the anchor).
 */
export function withProjectContext(
  { messages, anchorIndex }: RequestMessages,
  pinned: PinnedProjectContext | null,
): ModelMessage[] {
  if (!hasProjectTools(pinned)) return messages;
  const position = anchorIndex ?? afterLeadingSystemAndTools(messages);
  return [...messages.slice(0, position), projectContextMessage(pinned), ...messages.slice(position)];
}

export function buildModelRequest({ messages, anchorMessageId, pinned }: ModelRequestInput): ModelMessage[] {
  return withProjectContext(prepareRequestMessages(messages, anchorMessageId), pinned);
}

export function projectContextMessage(pinned: PinnedProjectContext): UserModelMessage {
  return markAsProjectContext({ role: "user", content: pinnedContextText(pinned) });
}

/**
 * No anchor: the protocol-safe spot after leading system messages. Tool results there would
 * belong to a call we cannot see; step past them rather than split the pair.
 */
function afterLeadingSystemAndTools(messages: readonly ModelMessage[]): number {
  let index = 0;
  while (index < messages.length && messages[index].role === "system") index += 1;
  while (index < messages.length && messages[index].role === "tool") index += 1;
  return index;
}
