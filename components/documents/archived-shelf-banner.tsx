import { Archive } from "lucide-react";
import { useTranslations } from "next-intl";

/** Why there is no Upload button and no trash action: the project is archived. */
export function ArchivedShelfBanner() {
  const t = useTranslations("documents");
  return (
    <div
      role="note"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
      data-testid="documents-read-only"
    >
      <Archive className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">{t("readOnlyTitle")}</p>
        <p className="mt-0.5 text-amber-800 dark:text-amber-300/90">{t("readOnlyBody")}</p>
      </div>
    </div>
  );
}
