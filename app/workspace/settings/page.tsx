import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ExportDataSection } from "@/components/settings/export-data-section";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("portable");
  return { title: t("settingsTitle") };
}

// The user's own settings (not a project's): taking all their data out lives here.
export default async function SettingsPage() {
  const t = await getTranslations("portable");
  return (
    <div className="mx-auto max-w-3xl px-6 py-10 lg:px-10">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("settingsTitle")}</h1>
      <div className="mt-6 flex flex-col gap-6">
        <ExportDataSection />
      </div>
    </div>
  );
}
