"use client";

import { AlertCircle, RefreshCw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** A failed run, in words, with a way to try again when trying again can help. */
export function ChatErrorBanner({
  message,
  onRetry,
  onDismiss,
}: {
  message: string;
  onRetry?: () => void;
  onDismiss: () => void;
}) {
  const t = useTranslations("chat");
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
      data-testid="chat-error"
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 break-words" data-testid="chat-error-message">
        {message}
      </p>
      {onRetry ? (
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-red-800 hover:bg-red-100 dark:text-red-200 dark:hover:bg-red-500/20"
          onClick={onRetry}
          data-testid="chat-error-retry"
        >
          <RefreshCw className="size-3.5" aria-hidden />
          {t("retry")}
        </Button>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        className="rounded-md p-1 text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-500/20"
        aria-label={t("dismissError")}
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
