import type { ModelMessage, UserModelMessage } from "ai";

// Server-owned facts about a ModelMessage, kept in message-level `providerOptions` under a
// namespace no provider reads (the OpenAI provider only looks at `providerOptions.openai`,
// so these never reach the wire).
//
// Why this is safe from forgery: clients send only the new message's text and attachment
// names; the server builds every ModelMessage itself, and the SDK's UI → model conversion
// never produces message-level providerOptions on user, assistant or tool messages. So a
// marker or id found here was put there by server code, whatever the message text says.
// Nothing here ever looks at message text.

const NAMESPACE = "workspace";

type WorkspaceOptions = { messageId?: string; projectContext?: true; threadSummary?: true };

function workspaceOptions(message: ModelMessage): WorkspaceOptions | undefined {
  const options = message.providerOptions?.[NAMESPACE];
  return options && typeof options === "object" ? (options as WorkspaceOptions) : undefined;
}

function withWorkspaceOptions<M extends ModelMessage>(message: M, extra: WorkspaceOptions): M {
  return {
    ...message,
    providerOptions: { ...message.providerOptions, [NAMESPACE]: { ...workspaceOptions(message), ...extra } },
  };
}

/**
 * Stamps the persisted message id on a ModelMessage (every message a UI message converts
 * to), so the request builder can find the run's genuine user message by id rather than by
 * position or text.
 */
export function withMessageId<M extends ModelMessage>(message: M, messageId: string): M {
  return withWorkspaceOptions(message, { messageId });
}

export function messageIdOf(message: ModelMessage): string | null {
  const id = workspaceOptions(message)?.messageId;
  return typeof id === "string" ? id : null;
}

/** The request builder's own marker on the project-context message it inserts. */
export function markAsProjectContext(message: UserModelMessage): UserModelMessage {
  return withWorkspaceOptions(message, { projectContext: true });
}

/** Only user-role messages: the builder never inserts anything else, so nothing else is its to remove. */
export function isProjectContextMessage(message: ModelMessage): boolean {
  return message.role === "user" && workspaceOptions(message)?.projectContext === true;
}

/** The request builder's marker on the conversation-summary message it inserts. */
export function markAsThreadSummary(message: UserModelMessage): UserModelMessage {
  return withWorkspaceOptions(message, { threadSummary: true });
}

export function isThreadSummaryMessage(message: ModelMessage): boolean {
  return message.role === "user" && workspaceOptions(message)?.threadSummary === true;
}
