import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HomeComposer } from "@/components/workspace/home-composer";
import { HomeProjects } from "@/components/workspace/home-projects";
import { HomeRecentChats } from "@/components/workspace/home-recent-chats";
import { ImportDropZone } from "@/components/workspace/import-drop-zone";
import { requirePageUser } from "./page-data";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("workspace");
  return { title: t("homeTitle") };
}

export default async function WorkspaceHome() {
  const t = await getTranslations("workspace");
  const user = await requirePageUser();
  const firstName = user.name.trim().split(/\s+/)[0] ?? "";
  return (
    <div className="mx-auto max-w-5xl px-6 py-10 lg:px-10">
      <header>
        <h1
          className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
          data-testid="home-heading"
        >
          {firstName ? t("welcomeNamed", { name: firstName }) : t("welcome")}
        </h1>
        <p className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">{t("welcomeSubtitle")}</p>
      </header>
      <HomeComposer />
      <HomeProjects />
      <HomeRecentChats />
      <ImportDropZone />
    </div>
  );
}
