import { FolderKanban } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ScopedIntlProvider } from "@/components/i18n/scoped-intl-provider";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-zinc-50 px-4 py-12 dark:bg-zinc-950">
      <div className="mb-8 flex items-center gap-2.5 text-zinc-900 dark:text-zinc-50">
        <span className="flex size-9 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm">
          <FolderKanban className="size-5" aria-hidden />
        </span>
        <span className="text-lg font-semibold tracking-tight">{t("appName")}</span>
      </div>
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <ScopedIntlProvider namespaces={["auth"]}>{children}</ScopedIntlProvider>
      </div>
    </main>
  );
}
