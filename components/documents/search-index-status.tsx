"use client";

import { AlertTriangle, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSearchStatus } from "@/lib/client/queries";
import { searchIndexNotice, searchStatusPollMs } from "./search-index-notice";

/**
 * The Documents tab's line about the search index: "Indexing 120 of 400 passages" while work
 * remains (asked again every two seconds), the embedder's error while it fails, nothing once
 * all is indexed. Not a live region: a count changing every two seconds is not worth announcing.
 */
export function SearchIndexStatus({ projectId }: { projectId: string }) {
  const t = useTranslations("documents");
  const { data } = useSearchStatus(projectId, searchStatusPollMs);
  const notice = searchIndexNotice(data);
  if (!notice) return null;
  const { progress, failure } = notice;
  return (
    <div className="space-y-0.5 text-xs" data-testid="search-index-status">
      {progress ? (
        <p className="flex items-center gap-1.5 text-zinc-600 dark:text-zinc-400" data-testid="search-index-progress">
          <Loader2 className="size-3.5 shrink-0 animate-spin motion-reduce:animate-none" aria-hidden />
          {t(progress.kind === "documents" ? "indexingDocuments" : "indexingPassages", {
            done: progress.done,
            total: progress.total,
          })}
        </p>
      ) : null}
      {failure ? (
        <p className="flex items-start gap-1.5 text-amber-800 dark:text-amber-300" data-testid="search-index-failure">
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0 break-words">
            {failure.error
              ? t("indexFailing", { count: failure.count, error: failure.error })
              : t("indexFailingPlain", { count: failure.count })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
