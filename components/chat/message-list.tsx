"use client";

import type { ChatStatus } from "ai";
import { Fragment, useEffect, useRef, type ReactNode } from "react";
import type { ThreadSummaryDto } from "@/lib/threads/thread-summary-dto";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { MessageActions } from "./message-actions";
import { MessageView } from "./message-view";
import { SummaryDivider } from "./summary-divider";
import { TypingIndicator } from "./typing-indicator";

/** How close to the bottom still counts as "following" the reply as it streams. */
const FOLLOW_THRESHOLD_PX = 96;

/**
 * The conversation, scrolled to follow a streaming answer unless the reader scrolled up to
 * read something earlier (then it stays put).
 */
export function MessageList({
  messages,
  status,
  onRegenerate,
  empty,
  summary,
  children,
}: {
  messages: ThreadMessage[];
  status: ChatStatus;
  /** Shown as a divider after the last message it covers. */
  summary?: ThreadSummaryDto | null;
  onRegenerate: () => void;
  empty: ReactNode;
  children?: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const element = scroller.current;
    // Sending a message always brings the reader down to where the answer will appear.
    if (messages.at(-1)?.role === "user") following.current = true;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages, status]);

  // A link to one message (a memory note's provenance, `#message-<id>`): once the history is
  // on the page, that message is brought into view instead of the bottom.
  const linked = useRef(false);
  useEffect(() => {
    if (linked.current || messages.length === 0) return;
    linked.current = true;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (!hash.startsWith("message-")) return;
    const target = document.getElementById(hash);
    if (!target) return;
    following.current = false;
    target.scrollIntoView({ block: "start" });
  }, [messages.length]);

  const busy = status === "submitted" || status === "streaming";
  const last = messages.at(-1);
  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto"
      data-testid="message-list"
    >
      {messages.length === 0 ? (
        empty
      ) : (
        <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
          {messages.map((message) => (
            <Fragment key={message.id}>
              <MessageView
                message={message}
                footer={
                  message === last && message.role === "assistant" && !busy ? (
                    <MessageActions message={message} onRegenerate={onRegenerate} canRegenerate={!busy} />
                  ) : undefined
                }
              />
              {summary?.throughMessageId === message.id ? <SummaryDivider summary={summary} /> : null}
            </Fragment>
          ))}
          {status === "submitted" && last?.role === "user" ? <TypingIndicator /> : null}
          {children}
        </div>
      )}
    </div>
  );
}
