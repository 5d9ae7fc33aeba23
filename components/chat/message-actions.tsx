"use client";

import { Check, Copy, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";

/** Under the last answer: copy its text, or have it written again. */
export function MessageActions({
  message,
  onRegenerate,
  canRegenerate,
}: {
  message: ThreadMessage;
  onRegenerate: () => void;
  canRegenerate: boolean;
}) {
  const t = useTranslations("chat");
  const [copied, setCopied] = useState(false);
  const text = message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .filter(Boolean)
    .join("\n\n");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); nothing to undo.
    }
  }

  return (
    <div className="flex items-center gap-1 text-zinc-500">
      {text ? (
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          onClick={copy}
          aria-label={copied ? t("copied") : t("copy")}
          data-testid="copy-message"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          {copied ? t("copied") : t("copy")}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="h-7 px-2 text-xs"
        onClick={onRegenerate}
        disabled={!canRegenerate}
        data-testid="regenerate"
      >
        <RefreshCw className="size-3.5" aria-hidden />
        {t("regenerate")}
      </Button>
    </div>
  );
}
