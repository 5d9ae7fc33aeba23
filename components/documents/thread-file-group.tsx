"use client";

import { MessageSquare } from "lucide-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import type { ThreadFile, ThreadFileGroup as Group } from "@/lib/client/api";
import { ThreadFileRow } from "./thread-file-row";
import { TruncatedFilesNote } from "./truncated-files-note";

/** One chat's files under its title, which opens the chat; says so when not all files are listed. */
export function ThreadFileGroup({
  group,
  readOnly,
  onPreview,
  onSave,
}: {
  group: Group;
  readOnly: boolean;
  onPreview: (file: ThreadFile) => void;
  onSave: (file: ThreadFile) => void;
}) {
  const t = useTranslations("documents");
  const format = useFormatter();
  const title = useThreadTitle()(group);
  return (
    <section
      aria-label={t("threadFilesGroupLabel", { title })}
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="thread-file-group"
      data-thread-id={group.threadId}
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50/70 px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900/60">
        <MessageSquare className="size-4 shrink-0 text-zinc-400" aria-hidden />
        <Link
          href={`/workspace/chats/${group.threadId}`}
          className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 hover:underline dark:text-zinc-100"
          data-testid="thread-file-group-title"
        >
          {title}
        </Link>
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
          {format.dateTime(new Date(group.updatedAt), { dateStyle: "medium" })}
        </span>
      </header>
      {group.files.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400">{t("threadFilesNone")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {group.files.map((file) => (
            <ThreadFileRow
              key={`${file.kind}/${file.filename}`}
              file={file}
              readOnly={readOnly}
              onPreview={() => onPreview(file)}
              onSave={() => onSave(file)}
            />
          ))}
        </ul>
      )}
      {group.truncated ? <TruncatedFilesNote threadId={group.threadId} shown={group.files.length} /> : null}
    </section>
  );
}
