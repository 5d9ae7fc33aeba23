"use client";

import { Info, MessageSquare, Plus } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { toast } from "sonner";
import { MoveThreadMenu } from "@/components/threads/move-thread-menu";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import { Button } from "@/components/ui/button";
import type { Project } from "@/lib/client/api";
import { useCreateThread } from "@/lib/client/mutations";
import { useProjectThreads } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

function NewChatInProject({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const createThread = useCreateThread();
  const explanationId = useId();
  const archived = project.status === "archived";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="primary"
        disabled={archived || createThread.isPending}
        aria-describedby={archived ? explanationId : undefined}
        data-testid="project-new-chat"
        onClick={() =>
          createThread.mutate(project.id, {
            onSuccess: (thread) => router.push(`/workspace/chats/${thread.id}`),
            onError: (error) => toast.error(t("newChatFailed"), { description: errorMessage(error) }),
          })
        }
      >
        <Plus className="size-4" aria-hidden />
        {t("newChatInProject")}
      </Button>
      {archived ? (
        <p
          id={explanationId}
          className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400"
          data-testid="new-chat-archived-note"
        >
          <Info className="size-4 shrink-0" aria-hidden />
          {t("newChatArchivedNote")}
        </p>
      ) : null}
    </div>
  );
}

export function ProjectChats({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const threadTitle = useThreadTitle();
  const query = useProjectThreads(project.id);
  const { data, isPending, isError } = query;
  const threads = data?.pages.flatMap((page) => page.threads) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;
  return (
    <div className="space-y-5">
      <NewChatInProject project={project} />
      {isPending ? (
        <div className="h-28 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" aria-hidden />
      ) : isError ? (
        <p className="text-sm text-red-600 dark:text-red-400">{t("chatsLoadFailed")}</p>
      ) : threads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
          {t("noChats")}
        </p>
      ) : (
        <ul
          className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          data-testid="project-chats"
        >
          {threads.map((thread) => (
            <li key={thread.id} className="flex items-center gap-2 pr-2" data-testid="project-chat">
              <Link
                href={`/workspace/chats/${thread.id}`}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-l-xl px-4 py-3 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
              >
                <MessageSquare className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="truncate font-medium text-zinc-900 dark:text-zinc-100">{threadTitle(thread)}</span>
              </Link>
              <MoveThreadMenu thread={thread} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          data-testid="project-chats-more"
        >
          {t("chatsLoadMore", { shown: threads.length, total })}
        </Button>
      ) : null}
    </div>
  );
}
