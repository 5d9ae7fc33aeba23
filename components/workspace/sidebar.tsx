import { FolderKanban } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccountMenu } from "./account-menu";
import { NewChatButton } from "./new-chat-button";
import { SidebarChats } from "./sidebar-chats";
import { SidebarProjects } from "./sidebar-projects";

export async function Sidebar({ user }: { user: { name: string; email: string } }) {
  const t = await getTranslations("workspace");
  const tc = await getTranslations("common");
  return (
    <aside
      aria-label={t("sidebarLabel")}
      className="flex w-64 shrink-0 flex-col border-r border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60"
      data-testid="sidebar"
    >
      <div className="flex items-center gap-2 px-4 pb-3 pt-4">
        <Link
          href="/workspace"
          className="flex min-w-0 items-center gap-2 rounded-lg text-zinc-900 dark:text-zinc-50"
          data-testid="home-link"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
            <FolderKanban className="size-4" aria-hidden />
          </span>
          <span className="truncate text-sm font-semibold tracking-tight">{tc("appName")}</span>
        </Link>
      </div>
      <div className="px-3 pb-2">
        <NewChatButton />
      </div>
      <nav aria-label={t("navLabel")} className="flex-1 space-y-5 overflow-y-auto px-3 py-2">
        <SidebarProjects />
        <SidebarChats />
      </nav>
      <div className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <AccountMenu user={user} />
      </div>
    </aside>
  );
}
