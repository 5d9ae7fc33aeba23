import { SearchX } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** The 404 body: the same words whether or not the page had a sidebar around it. */
export async function NotFoundMessage() {
  const t = await getTranslations("workspace");
  return (
    <div className="flex flex-col items-center px-6 py-20 text-center" data-testid="not-found">
      <span className="flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <SearchX className="size-6" aria-hidden />
      </span>
      <h1 className="mt-4 text-lg font-semibold text-zinc-900 dark:text-zinc-50">{t("notFoundTitle")}</h1>
      <p className="mt-1 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t("notFoundBody")}</p>
      <Link href="/workspace" className={buttonClass({ className: "mt-6" })}>
        {t("backHome")}
      </Link>
    </div>
  );
}
