"use client";

import { useTranslations } from "next-intl";
import type { ThreadFile } from "@/lib/client/api";
import { Button } from "@/components/ui/button";
import { useProjectThreadFiles } from "@/lib/client/queries";
import { ThreadFileGroup } from "./thread-file-group";

export interface ThreadFileRef {
  threadId: string;
  file: ThreadFile;
}

/**
 * Read-only: every upload and output of the project's chats, grouped by chat, a page of chats
 * at a time. Files can be previewed, and copied onto the shelf while the project is active.
 */
export function ConversationFiles({
  projectId,
  readOnly,
  onPreview,
  onSave,
}: {
  projectId: string;
  readOnly: boolean;
  onPreview: (ref: ThreadFileRef) => void;
  onSave: (ref: ThreadFileRef) => void;
}) {
  const t = useTranslations("documents");
  const query = useProjectThreadFiles(projectId);
  // Paging is by offset, so a chat active between two pages can show up on both: list it once.
  const groups = [
    ...new Map(
      (query.data?.pages.flatMap((page) => page.groups) ?? []).map((group) => [group.threadId, group]),
    ).values(),
  ];

  return (
    <section aria-labelledby="conversation-files-title" className="space-y-3 pt-4" data-testid="conversation-files">
      <div>
        <h2 id="conversation-files-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {t("threadFilesTitle")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {readOnly ? t("threadFilesDescriptionArchived") : t("threadFilesDescription")}
        </p>
      </div>
      {query.isPending ? (
        <div
          className="h-28 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900"
          aria-label={t("threadFilesLoading")}
        />
      ) : query.isError ? (
        <div className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400" role="alert">
          {t("threadFilesLoadFailed")}
          <Button size="sm" onClick={() => void query.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400"
          data-testid="conversation-files-empty"
        >
          {t("threadFilesEmpty")}
        </p>
      ) : (
        <div className="space-y-3">
          {groups.map((group) => (
            <ThreadFileGroup
              key={group.threadId}
              group={group}
              readOnly={readOnly}
              onPreview={(file) => onPreview({ threadId: group.threadId, file })}
              onSave={(file) => onSave({ threadId: group.threadId, file })}
            />
          ))}
        </div>
      )}
      {query.hasNextPage ? (
        <Button
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          data-testid="conversation-files-more"
        >
          {t("threadFilesMore")}
        </Button>
      ) : null}
    </section>
  );
}
