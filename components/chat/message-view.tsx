"use client";

import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Markdown } from "@/components/markdown/markdown";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { MessageAttachments } from "./message-attachments";
import { MessageSources } from "./message-sources";
import { MessageModelCaption, MessageModelNotices } from "./message-model-notes";
import { isToolPart } from "./tool-call-summary";
import { ToolCallView } from "./tool-call-view";
import { NoteProposalCards } from "@/components/memory/note-proposal-cards";

function UserMessage({ message }: { message: ThreadMessage }) {
  const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  const attachments = message.metadata?.attachments ?? [];
  return (
    <div
      id={`message-${message.id}`}
      className="flex scroll-mt-6 flex-col items-end gap-2"
      data-testid="message"
      data-role="user"
    >
      {attachments.length ? <MessageAttachments files={attachments} /> : null}
      {text ? (
        <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-indigo-600 px-4 py-2.5 text-[0.95rem] leading-relaxed text-white shadow-sm">
          {text}
        </div>
      ) : null}
    </div>
  );
}

export function AssistantAvatar() {
  return (
    <span
      className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-sm"
      aria-hidden
    >
      <Sparkles className="size-3.5" />
    </span>
  );
}

/** The assistant's turn: text and tool calls in the order they happened. */
function AssistantMessage({ message, footer }: { message: ThreadMessage; footer?: ReactNode }) {
  // A run that failed or was stopped before its first token leaves an empty message behind.
  const visible = message.parts.some(
    (part) => (part.type === "text" && part.text) || isToolPart(part) || part.type === "data-note-proposed",
  );
  if (!visible && !footer) return null;
  return (
    <div id={`message-${message.id}`} className="flex scroll-mt-6 gap-3" data-testid="message" data-role="assistant">
      <AssistantAvatar />
      <div className="min-w-0 flex-1 space-y-3">
        <MessageModelNotices message={message} />
        {message.parts.map((part, index) => {
          if (part.type === "text")
            return part.text ? <Markdown key={index} text={part.text} streaming={part.state === "streaming"} /> : null;
          if (isToolPart(part)) return <ToolCallView key={part.toolCallId} part={part} />;
          // step-start, reasoning and the rest carry nothing a person needs to read here.
          return null;
        })}
        {visible ? <MessageModelCaption message={message} /> : null}
        <MessageSources sources={message.metadata?.sources ?? []} />
        <NoteProposalCards message={message} />
        {footer}
      </div>
    </div>
  );
}

export function MessageView({ message, footer }: { message: ThreadMessage; footer?: ReactNode }) {
  return message.role === "user" ? (
    <UserMessage message={message} />
  ) : (
    <AssistantMessage message={message} footer={footer} />
  );
}
