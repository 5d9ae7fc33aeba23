"use client";

import { Loader2, MessageSquare, Search } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import type { Thread } from "@/lib/client/api";
import { useAllThreads, useProjects } from "@/lib/client/queries";
import { useThreadTitle } from "./use-thread-title";

/**
 * The user's chats, newest first, filtered by title as the user types; picking one calls
 * `onPick`. `busyThreadId` marks the chat being acted on while the caller works.
 */
export function ChatPicker({
  onPick,
  busyThreadId,
}: {
  onPick: (thread: Thread) => void;
  busyThreadId: string | null;
}) {
  const t = useTranslations("threads");
  const format = useFormatter();
  const threadTitle = useThreadTitle();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const threads = useAllThreads();
  const projects = useProjects();
  const projectName = (id: string | null) => (id ? projects.data?.find((p) => p.id === id)?.name : undefined);

  const all = threads.data?.pages.flatMap((page) => page.threads) ?? [];
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? all.filter((thread) => threadTitle(thread).toLocaleLowerCase().includes(needle)) : all;

  return (
    <div className="space-y-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t("pickerSearchLabel")}
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400"
          aria-hidden
        />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("pickerSearchPlaceholder")}
          className={`${inputClass} pl-9`}
          autoFocus
          data-testid="chat-picker-search"
        />
      </div>
      {threads.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" aria-label={t("pickerLoading")} />
      ) : threads.isError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400">
          {t("pickerLoadFailed")}
          <Button size="sm" onClick={() => void threads.refetch()}>
            {t("pickerRetry")}
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400"
          data-testid="chat-picker-empty"
        >
          {needle ? t("pickerNoMatch", { query: query.trim() }) : t("pickerNoChats")}
        </p>
      ) : (
        <ul
          className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          aria-label={t("pickerListLabel")}
          data-testid="chat-picker-list"
        >
          {shown.map((thread) => (
            <li key={thread.id}>
              <button
                type="button"
                onClick={() => onPick(thread)}
                disabled={busyThreadId !== null}
                className="flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-zinc-800/60"
                data-testid="chat-picker-option"
                data-thread-id={thread.id}
              >
                {busyThreadId === thread.id ? (
                  <Loader2 className="size-4 shrink-0 animate-spin text-indigo-500" aria-hidden />
                ) : (
                  <MessageSquare className="size-4 shrink-0 text-zinc-400" aria-hidden />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">
                    {threadTitle(thread)}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {projectName(thread.projectId) ?? t("noProject")} ·{" "}
                    {format.dateTime(new Date(thread.updatedAt), { dateStyle: "medium" })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {threads.hasNextPage ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void threads.fetchNextPage()}
          disabled={threads.isFetchingNextPage}
          data-testid="chat-picker-more"
        >
          {t("pickerLoadMore")}
        </Button>
      ) : null}
    </div>
  );
}
