import type { ModelMessage } from "ai";
import { neutraliseReservedTags } from "./neutralise-reserved-tags";

// Applied to every request, so user text, history included, can never open or close a
// reserved tag, even if it was stored before this rule existed or the run forgot to
// neutralise it at input. Persisted messages keep what the user typed; only the model's copy
// changes. Idempotent, so neutralising at input as well is harmless.

export function neutraliseUserMessage(message: ModelMessage): ModelMessage {
  if (message.role !== "user") return message;
  if (typeof message.content === "string") {
    return { ...message, content: neutraliseReservedTags(message.content) };
  }
  return {
    ...message,
    content: message.content.map((part) =>
      part.type === "text" ? { ...part, text: neutraliseReservedTags(part.text) } : part,
    ),
  };
}
