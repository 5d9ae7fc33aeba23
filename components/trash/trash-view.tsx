"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { TrashedDocument } from "@/lib/client/api";
import { useConfig, useTrash, useTrashedNotes } from "@/lib/client/queries";
import { useOriginState } from "./origin-state";
import { TrashedNotes } from "./trashed-notes";
import { EmptyTrashDialog } from "./empty-trash-dialog";
import { PurgeDocumentDialog } from "./purge-document-dialog";
import { RestoreTargetDialog } from "./restore-target-dialog";
import { TrashEmptyState } from "./trash-empty-state";
import { TrashRow } from "./trash-row";
import { useRestoreFlow } from "./use-restore-flow";

/**
 * The trash: documents moved there, or left by a deleted project, until the retention window
 * purges them. Restore, delete permanently and empty trash are separate, confirmed actions.
 */
export function TrashView() {
  const t = useTranslations("trash");
  const query = useTrash();
  const configDays = useConfig().data?.trashRetentionDays ?? 0;
  const restore = useRestoreFlow();
  const originState = useOriginState();
  const notes = useTrashedNotes();
  const noteTotal = notes.data?.pages[0]?.total ?? 0;
  const [purging, setPurging] = useState<TrashedDocument | null>(null);

  const documents = query.data?.pages.flatMap((page) => page.documents) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const retentionDays = query.data?.pages[0]?.retentionDays ?? configDays;

  return (
    <div className="mx-auto max-w-4xl px-6 py-8 lg:px-10" data-testid="trash-view">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t("title")}</h1>
          <p className="mt-1.5 max-w-xl text-sm text-zinc-600 dark:text-zinc-400" data-testid="trash-retention">
            {t("description", { days: retentionDays })}
          </p>
        </div>
        {total + noteTotal > 0 ? <EmptyTrashDialog count={total + noteTotal} /> : null}
      </header>
      <div className="mt-8 space-y-4">
        {query.isPending ? (
          <div className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-900" aria-label={t("loading")} />
        ) : query.isError ? (
          <div
            className="flex items-center gap-3 text-sm text-red-600 dark:text-red-400"
            role="alert"
            data-testid="trash-load-error"
          >
            {t("loadFailed")}
            <Button size="sm" onClick={() => void query.refetch()}>
              {t("tryAgain")}
            </Button>
          </div>
        ) : documents.length === 0 ? (
          noteTotal === 0 && !notes.isPending ? (
            <TrashEmptyState retentionDays={retentionDays} />
          ) : null
        ) : (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="trash-count">
              {t("count", { count: total })}
            </p>
            <ul
              aria-label={t("listLabel")}
              className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
              data-testid="trash-list"
            >
              {documents.map((document) => (
                <TrashRow
                  key={document.id}
                  document={document}
                  restoring={restore.pending?.documentId === document.id}
                  onRestore={() => restore.start(document)}
                  onPurge={() => setPurging(document)}
                />
              ))}
            </ul>
          </>
        )}
        {query.hasNextPage ? (
          <Button
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            data-testid="trash-load-more"
          >
            {t("loadMore", { shown: documents.length, total })}
          </Button>
        ) : null}
        <TrashedNotes query={notes} />
      </div>
      <RestoreTargetDialog
        subject={
          restore.picking
            ? {
                title: t("pickerTitle", { name: restore.picking.name }),
                description: t("pickerDescription", {
                  project: restore.picking.origin.projectName,
                  state: originState(restore.picking),
                }),
              }
            : null
        }
        busyProjectId={restore.pending?.projectId ?? null}
        onPick={restore.pick}
        onClose={restore.cancelPick}
      />
      <PurgeDocumentDialog document={purging} onClose={() => setPurging(null)} />
    </div>
  );
}
