import type { ModelMessage, UserModelMessage } from "ai";
import { isProjectContextMessage, markAsProjectContext, messageIdOf } from "./message-provenance";
import { neutraliseUserMessage } from "./neutralise-user-messages";
import { pinnedContextText, type PinnedProjectContext } from "./pinned-context";
import { hasProjectTools } from "./project-tools-predicate";

// Request assembly (design: "The run", step 3), run before every model call of a run.
//
// Use it from the AI SDK's `prepareStep`, rebuilding from scratch each step:
//   prepareStep: ({ initialMessages, responseMessages }) => ({
//     messages: buildModelRequest({ messages: [...initialMessages, ...responseMessages],
//                                   anchorMessageId: userMessage.id, pinned }),
//   })
// Messages returned from prepareStep carry forward to later steps, so building on
// `messages` would pile up copies; the builder also removes any copy it finds, so even that
// would stay at one.
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

export function buildModelRequest({ messages, anchorMessageId, pinned }: ModelRequestInput): ModelMessage[] {
  const request = messages.filter((message) => !isProjectContextMessage(message)).map(neutraliseUserMessage);
  if (!hasProjectTools(pinned)) return request;
  const position = insertionIndex(request, anchorMessageId);
  return [...request.slice(0, position), projectContextMessage(pinned), ...request.slice(position)];
}

export function projectContextMessage(pinned: PinnedProjectContext): UserModelMessage {
  return markAsProjectContext({ role: "user", content: pinnedContextText(pinned) });
}

function insertionIndex(messages: readonly ModelMessage[], anchorMessageId: string | null): number {
  if (anchorMessageId !== null) {
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message = messages[index];
      if (message.role === "user" && messageIdOf(message) === anchorMessageId) return index;
    }
  }
  // No anchor: the protocol-safe spot after leading system messages. Tool results there
  // would belong to a call we cannot see; step past them rather than split the pair.
  let index = 0;
  while (index < messages.length && messages[index].role === "system") index += 1;
  while (index < messages.length && messages[index].role === "tool") index += 1;
  return index;
}
