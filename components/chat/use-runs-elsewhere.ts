"use client";

import type { UseChatHelpers } from "@ai-sdk/react";
import { useCallback, useEffect, useRef } from "react";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { loadOpeningHistory } from "@/lib/client/load-opening-history";
import type { ActionTransport } from "./action-transport";

/** What a look found: a reply to follow, a conversation that moved on, or nothing new. */
export type LookResult = "following" | "updated" | "unchanged";

/** Focus and visibility arrive together, and a tab switched back and forth needs one look. */
const LOOK_AGAIN_AFTER_MS = 2_000;

/**
 * A reply started for this chat somewhere else (another tab, another device, the API) is
 * invisible to an open page until it looks, and it looks when it matters without polling:
 * when the page comes back into view (the tab shown again, the window focused), and when the
 * server refuses a message because such a reply is running (`look()`, after a 409). The page
 * then reads the history as on opening (lib/client/load-opening-history.ts) and follows the
 * reply live, with Stop; a conversation that moved on while the page was away (a reply that
 * already ended elsewhere) is brought up to date. Never while this page is itself sending or
 * following: what it shows then is already live.
 */
export function useRunsElsewhere({
  threadId,
  chat,
  transport,
  onUpdated,
}: {
  threadId: string;
  chat: UseChatHelpers<ThreadMessage>;
  transport: ActionTransport;
  /** The conversation changed under the page: refresh what depends on it (title, files, summary). */
  onUpdated: () => void;
}): { look: (options?: { refused?: boolean }) => Promise<LookResult> } {
  const latest = useRef({ chat, onUpdated });
  useEffect(() => {
    latest.current = { chat, onUpdated };
  });
  const inFlight = useRef<Promise<LookResult> | null>(null);
  const lastLook = useRef(0);

  // `refused`: called from useChat's onError for a 409, before the chat's status has left
  // "submitted"; nothing of this page's is live then.
  const look = useCallback(
    ({ refused = false }: { refused?: boolean } = {}): Promise<LookResult> => {
      if (inFlight.current) return inFlight.current;
      const idle = () => latest.current.chat.status === "ready" || latest.current.chat.status === "error";
      if (!refused && !idle()) return Promise.resolve("unchanged");
      const looking = (async (): Promise<LookResult> => {
        const history = await loadOpeningHistory(threadId);
        // The person sent something meanwhile: that request is live, the look is stale.
        if (!idle()) return "unchanged";
        const current = latest.current.chat;
        if (history.activeRunId) {
          current.setMessages(history.messages);
          transport.follow(history.activeRunId);
          void current.resumeStream();
          return "following";
        }
        if (sameConversation(current.messages, history.messages)) return "unchanged";
        current.setMessages(history.messages);
        latest.current.onUpdated();
        return "updated";
      })()
        .catch((error: unknown) => {
          // Only a look: the page goes on as it was, and the next send still meets the server.
          console.warn("[chat] looking for a reply started elsewhere failed", error);
          return "unchanged" as const;
        })
        .finally(() => {
          inFlight.current = null;
          lastLook.current = Date.now();
        });
      inFlight.current = looking;
      return looking;
    },
    [threadId, transport],
  );

  useEffect(() => {
    const onShown = () => {
      if (document.visibilityState !== "visible") return;
      if (Date.now() - lastLook.current < LOOK_AGAIN_AFTER_MS) return;
      void look();
    };
    document.addEventListener("visibilitychange", onShown);
    window.addEventListener("focus", onShown);
    return () => {
      document.removeEventListener("visibilitychange", onShown);
      window.removeEventListener("focus", onShown);
    };
  }, [look]);

  return { look };
}

/**
 * Whether the page shows the stored conversation. A user message's id is the server's own
 * (the page's copy has a local one until reloaded), so user turns are matched by position;
 * an answer carries the id the server saved it under, so a regenerated one differs.
 */
function sameConversation(shown: ThreadMessage[], stored: ThreadMessage[]): boolean {
  return (
    shown.length === stored.length &&
    shown.every(
      (message, index) =>
        message.role === stored[index]!.role && (message.role === "user" || message.id === stored[index]!.id),
    )
  );
}
