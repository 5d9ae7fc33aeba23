"use client";

import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ThreadSummaryDto } from "@/lib/threads/thread-summary-dto";

/**
 * Where the model's view of the thread starts: the messages above stay here for the person,
 * but the model reads the summary instead of them. The summary opens in place, as text.
 */
export function SummaryDivider({ summary }: { summary: ThreadSummaryDto }) {
  const t = useTranslations("chat");
  return (
    <Collapsible.Root className="group/summary" data-testid="summary-divider">
      <div className="flex items-center gap-3" role="separator" aria-label={t("summaryDivider")}>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
        <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("summaryDivider")}</span>
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" aria-hidden />
      </div>
      <div className="mt-1 flex justify-center">
        <Collapsible.Trigger
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-indigo-500/10"
          data-testid="summary-toggle"
        >
          <ChevronRight
            className="size-3.5 transition-transform group-data-[state=open]/summary:rotate-90"
            aria-hidden
          />
          <span className="group-data-[state=open]/summary:hidden">{t("summaryShow")}</span>
          <span className="hidden group-data-[state=open]/summary:inline">{t("summaryHide")}</span>
        </Collapsible.Trigger>
      </div>
      <Collapsible.Content
        className="mt-2 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
        data-testid="summary-text"
      >
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t("summaryExplained")}</p>
        <p className="whitespace-pre-wrap break-words">{summary.text}</p>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
