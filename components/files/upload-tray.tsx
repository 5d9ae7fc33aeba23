"use client";

import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ShelfUploadRow, useShelfFailureText } from "@/components/documents/shelf-upload-row";
import { Button } from "@/components/ui/button";
import { useConfig } from "@/lib/client/queries";
import { queryKeys } from "@/lib/client/query-keys";
import { isActive, uploadManager, type Upload } from "@/lib/client/upload-manager";
import { useUploads } from "@/lib/client/use-uploads";

const isShelf = (upload: Upload) => upload.target.kind === "shelf";

/**
 * The workspace's view of the upload manager, mounted once for every page: a compact tray of
 * shelf uploads (progress, cancel, outcome) that stays while the person moves around, a toast
 * summing up each shelf batch when it ends, the query refreshes each finished upload calls
 * for (shelf or chat), and the browser's "leave site?" prompt while anything is in flight.
 */
export function UploadTray() {
  const t = useTranslations("documents");
  const queryClient = useQueryClient();
  const maxBytes = useConfig().data?.uploadMaxBytes ?? 0;
  const failureText = useShelfFailureText(maxBytes);
  const uploads = useUploads();
  const shelf = uploads.filter(isShelf);
  const inFlight = uploads.some(isActive);
  const [collapsed, setCollapsed] = useState(false);

  useEffect(
    () =>
      uploadManager.onSettled((upload) => {
        if (upload.target.kind === "thread") {
          void queryClient.invalidateQueries({ queryKey: queryKeys.threadUploads(upload.target.threadId) });
        } else if (upload.status === "added" || upload.status === "deduplicated") {
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectDocuments(upload.target.projectId) });
          // A folder's files (or a zip's) may have made folders.
          void queryClient.invalidateQueries({ queryKey: queryKeys.projectFolders(upload.target.projectId) });
          void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
        }
      }),
    [queryClient],
  );

  useEffect(
    () =>
      uploadManager.onBatchEnd((batch) => {
        if (!batch.every(isShelf)) return; // chat attachments show their outcome on their chips
        const failed = batch.filter((upload) => upload.status === "error");
        const deduplicated = batch.filter((upload) => upload.status === "deduplicated");
        // A zip counts what it landed, found and refused, entry by entry.
        const landings = batch.flatMap((upload) => (upload.landing ? [upload.landing] : []));
        const added =
          batch.filter((upload) => upload.status === "added" && !upload.landing).length +
          landings.reduce((sum, landing) => sum + landing.created.length, 0);
        // Failures first, with their reasons: they are what the person has to act on.
        const lines = [
          ...failed.map((upload) =>
            t("summaryFailed", { name: upload.name, reason: upload.failure ? failureText(upload.failure) : "" }),
          ),
          ...landings.flatMap((landing) =>
            landing.refused.map((entry) => t("summaryFailed", { name: entry.name, reason: entry.reason })),
          ),
          ...(added > 0 ? [t("summaryAdded", { count: added })] : []),
          ...deduplicated.map((upload) =>
            t("summaryDeduplicated", { name: upload.name, shelfName: upload.shelfName ?? upload.name }),
          ),
          ...landings.flatMap((landing) =>
            landing.duplicates.map((entry) =>
              t("summaryDeduplicated", { name: entry.name, shelfName: entry.existing.name }),
            ),
          ),
        ];
        const description = (
          <ul className="space-y-0.5" data-testid="upload-summary">
            {lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        );
        const title = t("summaryTitle", { count: batch.length });
        if (failed.length > 0 || landings.some((landing) => landing.refused.length > 0))
          toast.error(title, { description, duration: 15_000 });
        else toast.success(title, { description });
      }),
    [t, failureText],
  );

  useEffect(() => {
    if (!inFlight) return;
    // Closing or reloading the tab would end the transfers: the browser asks first.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [inFlight]);

  if (shelf.length === 0) return null;
  const active = shelf.filter(isActive).length;
  return (
    <section
      aria-label={t("uploadsLabel")}
      // Bottom left of the content area, clear of the sidebar (w-64) and of the toasts (bottom right).
      className="fixed bottom-4 left-4 z-40 w-[min(24rem,calc(100vw-2rem))] md:left-[17rem] rounded-xl border border-zinc-200 bg-white shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="shelf-uploads"
    >
      <header className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 className="text-xs font-semibold text-zinc-700 dark:text-zinc-300" role="status">
          {active > 0 ? t("trayActive", { count: active }) : t("trayDone", { count: shelf.length })}
        </h2>
        <div className="flex items-center gap-1">
          {shelf.some((upload) => !isActive(upload)) ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => uploadManager.dismissFinished(isShelf)}
              data-testid="shelf-uploads-clear"
            >
              {t("clearFinished")}
            </Button>
          ) : null}
          <Button
            size="icon"
            variant="ghost"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t("trayExpand") : t("trayCollapse")}
            data-testid="shelf-uploads-toggle"
          >
            {collapsed ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
          </Button>
        </div>
      </header>
      {collapsed ? null : (
        <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
          {shelf.map((upload) => (
            <ShelfUploadRow
              key={upload.id}
              upload={upload}
              maxBytes={maxBytes}
              onRemove={() => uploadManager.cancel(upload.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
