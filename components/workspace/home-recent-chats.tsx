"use client";

import { MessageSquare } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import { useProjects, useRecentThreads } from "@/lib/client/queries";

const SHOWN_ON_HOME = 8;

export function HomeRecentChats() {
  const t = useTranslations("workspace");
  const threadTitle = useThreadTitle();
  const threads = useRecentThreads();
  const projects = useProjects();
  const projectName = (id: string | null) => (id ? projects.data?.find((p) => p.id === id)?.name : undefined);

  return (
    <section aria-labelledby="home-chats" className="mt-10">
      <h2 id="home-chats" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t("recentChats")}
      </h2>
      {threads.isPending ? (
        <div className="mt-3 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" aria-hidden />
      ) : threads.isError ? (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400">{t("chatsLoadFailed")}</p>
      ) : threads.data.threads.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          {t("noChatsHome")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {threads.data.threads.slice(0, SHOWN_ON_HOME).map((thread) => (
            <li key={thread.id}>
              <Link
                href={`/workspace/chats/${thread.id}`}
                className="flex items-center gap-3 px-4 py-3 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
              >
                <MessageSquare className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
                  {threadTitle(thread)}
                </span>
                <span className="max-w-[40%] shrink-0 truncate text-zinc-500 dark:text-zinc-400">
                  {projectName(thread.projectId) ?? t("noProject")}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
