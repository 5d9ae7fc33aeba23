import { Settings2 } from "lucide-react";
import { useTranslations } from "next-intl";

const VARIABLES = ["OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL"] as const;

/** Why the composer is off, and exactly what the operator sets to turn it on. */
export function ModelSetupNotice() {
  const t = useTranslations("chat");
  return (
    <div
      className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-100"
      data-testid="model-setup-notice"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Settings2 className="size-4" aria-hidden />
        {t("noModelTitle")}
      </p>
      <p className="mt-1">{t("noModelBody")}</p>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {VARIABLES.map((name) => (
          <li key={name}>
            <code className="rounded-md bg-amber-100 px-1.5 py-0.5 font-mono text-xs dark:bg-amber-400/20">{name}</code>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-amber-800 dark:text-amber-200/80">{t("noModelRestart")}</p>
    </div>
  );
}
