import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

/** A new chat: what to do first. */
export function ChatEmptyState() {
  const t = useTranslations("chat");
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center" data-testid="chat-empty">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-500 text-white shadow-md">
        <Sparkles className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-zinc-900 dark:text-zinc-50">{t("emptyTitle")}</h2>
      <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t("emptyBody")}</p>
    </div>
  );
}
