import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";

/**
 * Stands in for the conversation (messages and composer) until the chat runtime lands. It
 * takes the thread id it will need, so replacing this file does not touch the page around it.
 */
export function ConversationPlaceholder({ threadId }: { threadId: string }) {
  const t = useTranslations("chat");
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center" data-testid="conversation-placeholder" data-thread-id={threadId}>
      <span className="flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
        <MessagesSquare className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-base font-semibold text-zinc-900 dark:text-zinc-50">{t("placeholderTitle")}</h2>
      <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t("placeholderBody")}</p>
    </div>
  );
}
