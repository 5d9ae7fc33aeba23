import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiTokensSection } from "@/components/settings/api-tokens-section";
import { AppearanceSection } from "@/components/settings/appearance-section";
import { ExportDataSection } from "@/components/settings/export-data-section";
import { McpServersSection } from "@/components/settings/mcp-servers-section";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("settings");
  return { title: t("title") };
}

// The person's own settings (not a project's), reached from the account menu. Each section
// is one card.
export default async function SettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations("settings");
  // Back from an MCP server's authorization page (GET /api/mcp-servers/oauth/callback).
  const { authorization } = await searchParams;
  return (
    <div className="mx-auto max-w-3xl px-6 py-10 lg:px-10" data-testid="settings-view">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("title")}</h1>
      <div className="mt-6 flex flex-col gap-6">
        <AppearanceSection />
        <McpServersSection
          authorization={authorization === "done" || authorization === "failed" ? authorization : null}
        />
        <ExportDataSection />
        <ApiTokensSection />
      </div>
    </div>
  );
}
