"use client";

import { MessageSquare } from "lucide-react";
import { useTranslations } from "next-intl";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import { useRecentThreads } from "@/lib/client/queries";
import { SidebarLink } from "./sidebar-link";
import { SidebarSection, SidebarSkeleton } from "./sidebar-section";

export function SidebarChats() {
  const t = useTranslations("workspace");
  const threadTitle = useThreadTitle();
  const { data, isPending, isError } = useRecentThreads();
  return (
    <SidebarSection title={t("chats")}>
      {isPending ? (
        <SidebarSkeleton />
      ) : isError ? (
        <p className="px-2 text-sm text-red-600 dark:text-red-400">{t("chatsLoadFailed")}</p>
      ) : data.threads.length === 0 ? (
        <p className="px-2 text-sm text-zinc-500 dark:text-zinc-400">{t("noChats")}</p>
      ) : (
        <ul className="space-y-0.5" data-testid="sidebar-chats">
          {data.threads.map((thread) => (
            <li key={thread.id}>
              <SidebarLink
                href={`/workspace/chats/${thread.id}`}
                icon={<MessageSquare className="size-4" aria-hidden />}
                testId="sidebar-chat"
              >
                {threadTitle(thread)}
              </SidebarLink>
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}
