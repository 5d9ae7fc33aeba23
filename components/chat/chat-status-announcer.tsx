"use client";

import type { ChatStatus } from "ai";
import { useTranslations } from "next-intl";

export type RunOutcome = "done" | "stopped" | "failed" | null;

/**
 * Tells screen readers where the reply is (sending, being written, finished, stopped)
 * without reading every streamed token aloud.
 */
export function ChatStatusAnnouncer({ status, outcome }: { status: ChatStatus; outcome: RunOutcome }) {
  const t = useTranslations("chat");
  const text =
    status === "submitted"
      ? t("statusSubmitted")
      : status === "streaming"
        ? t("statusStreaming")
        : outcome === "done"
          ? t("statusDone")
          : outcome === "stopped"
            ? t("statusStopped")
            : outcome === "failed"
              ? t("statusFailed")
              : "";
  return (
    <p className="sr-only" aria-live="polite" role="status" data-testid="chat-status" data-status={status}>
      {text}
    </p>
  );
}
