"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { HistoryContext } from "@/lib/context/history-context-dto";

/** How much of the model's budget the conversation takes, and what was shortened to make it fit. */
export function ContextHistory({ history }: { history: HistoryContext }) {
  const t = useTranslations("context");
  const format = useFormatter();
  const over = history.tokens > history.budgetTokens;
  const share = Math.min(1, history.tokens / history.budgetTokens);
  return (
    <div className="space-y-1.5 border-t border-zinc-200 pt-4 dark:border-zinc-700" data-testid="context-history">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-zinc-800 dark:text-zinc-200">{t("historyLabel")}</span>
        <span className="tabular-nums text-zinc-700 dark:text-zinc-300">
          {t("tokensOfMax", { tokens: format.number(history.tokens), max: format.number(history.budgetTokens) })}
        </span>
      </div>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700" aria-hidden>
        <div className="h-full rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${share * 100}%` }} />
      </div>
      <ul className="space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        {history.summarizedThroughMessageId ? <li>{t("historySummarised")}</li> : null}
        {history.prunedToolResults > 0 ? <li>{t("historyPruned", { count: history.prunedToolResults })}</li> : null}
        {over ? <li>{t("historyOver")}</li> : null}
      </ul>
    </div>
  );
}
