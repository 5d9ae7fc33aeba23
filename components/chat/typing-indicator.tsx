import { useTranslations } from "next-intl";
import { AssistantAvatar } from "./message-view";

/** Between sending and the first token: shows the request was taken. */
export function TypingIndicator() {
  const t = useTranslations("chat");
  return (
    <div className="flex items-center gap-3" data-testid="typing-indicator">
      <AssistantAvatar />
      <span className="flex gap-1" aria-label={t("thinking")} role="img">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-zinc-400 dark:bg-zinc-500"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
    </div>
  );
}
