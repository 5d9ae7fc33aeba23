"use client";

import { Sparkles } from "lucide-react";
import { useCallback, useMemo, type ReactNode } from "react";
import { CitationRenderer } from "@/components/markdown/citation-marker";
import { Markdown } from "@/components/markdown/markdown";
import { citablePassages } from "@/lib/thread-messages/extract-citations";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { CitationChip, type MessageCitation } from "./citation-chip";
import { MessageAttachments } from "./message-attachments";
import { MessageSources } from "./message-sources";
import { MessageModelCaption, MessageModelNotices } from "./message-model-notes";
import { isToolPart } from "./tool-call-summary";
import { ToolCallView } from "./tool-call-view";
import { NoteProposalCards } from "@/components/memory/note-proposal-cards";
import { isMcpApprovalPart, type McpApprovalData } from "@/lib/thread-messages/mcp-parts";
import { McpNotices } from "./mcp-notices";

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

/**
 * What each `[n]` of an answer points at: the stored citations once it has settled (they know
 * whether the document is still there), else the passages its tools have handed out so far, so
 * chips appear while the answer streams. A number neither knows stays plain text.
 */
function useCitationRenderer(message: ThreadMessage): (n: number) => ReactNode | null {
  const stored = message.metadata?.citations;
  const citations = useMemo(() => {
    const byNumber = new Map<number, MessageCitation>(citablePassages(message.parts));
    for (const citation of stored ?? []) byNumber.set(citation.n, citation);
    return byNumber;
  }, [message.parts, stored]);
  return useCallback(
    (n: number) => {
      const citation = citations.get(n);
      return citation ? <CitationChip citation={citation} /> : null;
    },
    [citations],
  );
}

/** The assistant's turn: text and tool calls in the order they happened. */
function AssistantMessage({ message, footer }: { message: ThreadMessage; footer?: ReactNode }) {
  const renderCitation = useCitationRenderer(message);
  // A run that failed or was stopped before its first token leaves an empty message behind.
  const visible = message.parts.some(
    (part) => (part.type === "text" && part.text) || isToolPart(part) || part.type === "data-note-proposed",
  );
  if (!visible && !footer) return null;
  // The approval questions of MCP calls, by call: each shows under its tool card.
  const approvals = new Map<string, McpApprovalData>();
  for (const part of message.parts) if (isMcpApprovalPart(part)) approvals.set(part.data.toolCallId, part.data);
  return (
    <CitationRenderer.Provider value={renderCitation}>
      <div id={`message-${message.id}`} className="flex scroll-mt-6 gap-3" data-testid="message" data-role="assistant">
        <AssistantAvatar />
        <div className="min-w-0 flex-1 space-y-3">
          <MessageModelNotices message={message} />
          <McpNotices message={message} />
          {message.parts.map((part, index) => {
            if (part.type === "text")
              return part.text ? (
                <Markdown key={index} text={part.text} streaming={part.state === "streaming"} cites />
              ) : null;
            if (isToolPart(part))
              return <ToolCallView key={part.toolCallId} part={part} approval={approvals.get(part.toolCallId)} />;
            // step-start, reasoning and the rest carry nothing a person needs to read here.
            return null;
          })}
          {visible ? <MessageModelCaption message={message} /> : null}
          <MessageSources sources={message.metadata?.sources ?? []} />
          <NoteProposalCards message={message} />
          {footer}
        </div>
      </div>
    </CitationRenderer.Provider>
  );
}

export function MessageView({ message, footer }: { message: ThreadMessage; footer?: ReactNode }) {
  return message.role === "user" ? (
    <UserMessage message={message} />
  ) : (
    <AssistantMessage message={message} footer={footer} />
  );
}
