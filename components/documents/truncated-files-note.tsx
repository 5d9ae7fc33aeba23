"use client";

import { useTranslations } from "next-intl";
import { useThreadFiles } from "@/lib/client/queries";

/**
 * Under a chat whose files were cut at the page's per-chat limit: how many more there are.
 * The grouped listing only says that it cut, so the count comes from the chat's own lists,
 * read only for such a chat.
 */
export function TruncatedFilesNote({ threadId, shown }: { threadId: string; shown: number }) {
  const t = useTranslations("documents");
  const { uploads, outputs } = useThreadFiles(threadId);
  const hidden = uploads.data && outputs.data ? Math.max(0, uploads.data.length + outputs.data.length - shown) : null;
  return (
    <p
      className="border-t border-zinc-100 px-4 py-2 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400"
      data-testid="thread-file-group-truncated"
    >
      {hidden !== null ? t("threadFilesHidden", { count: hidden }) : t("threadFilesTruncated")}
    </p>
  );
}
