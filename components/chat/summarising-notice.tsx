import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";

/** While the server folds older turns into the summary, before the answer starts. */
export function SummarisingNotice() {
  const t = useTranslations("chat");
  return (
    <p
      role="status"
      className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
      data-testid="summarising-notice"
    >
      <Loader2 className="size-4 animate-spin" aria-hidden />
      {t("summarising")}
    </p>
  );
}
