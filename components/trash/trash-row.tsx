"use client";

import { Folder, RotateCcw, Trash2 } from "lucide-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { FileIcon } from "@/components/files/file-icon";
import { MissingContentBadge } from "@/components/documents/missing-content-badge";
import { badgeClass } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";
import type { TrashedDocument } from "@/lib/client/api";
import { daysLeft } from "./days-left";
import { useOriginState } from "./origin-state";

/** Fewer days than this left, and the countdown is shown as a warning. */
const SOON_DAYS = 3;

/** One trashed document: what it is, where it came from, how long it has left, and what can be done. */
export function TrashRow({
  document,
  restoring,
  onRestore,
  onPurge,
}: {
  document: TrashedDocument;
  restoring: boolean;
  onRestore: () => void;
  onPurge: () => void;
}) {
  const t = useTranslations("trash");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const days = daysLeft(document.purgeAfter, now);
  const origin = useOriginState()(document);
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex-nowrap"
      data-testid="trash-row"
      data-name={document.name}
    >
      <FileIcon filename={document.name} />
      {/* On a phone the actions wrap below the details instead of squeezing them. */}
      <div className="min-w-0 flex-1 basis-52">
        <p
          className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100"
          title={document.name}
          data-testid="trash-name"
        >
          {document.name}
        </p>
        <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span
            className="flex w-full min-w-0 items-center gap-1 sm:w-auto"
            data-testid="trash-origin"
            data-state={origin}
          >
            <Folder className="size-3 shrink-0" aria-hidden />
            <span className="truncate">
              {t("fromProject", { project: document.origin.projectName, state: origin })}
            </span>
          </span>
          <span aria-hidden className="hidden sm:inline">
            ·
          </span>
          <span data-testid="trash-size">{formatByteSize(document.sizeBytes)}</span>
          <span
            className={badgeClass(days <= SOON_DAYS ? "amber" : "neutral")}
            title={t("purgeDate", { date: format.dateTime(new Date(document.purgeAfter), { dateStyle: "long" }) })}
            data-testid="trash-days-left"
          >
            {t("daysLeft", { days })}
          </span>
          {document.contentMissing ? <MissingContentBadge /> : null}
        </div>
      </div>
      <div className="ml-7 flex shrink-0 items-center gap-1 sm:ml-0">
        <Button
          size="sm"
          onClick={onRestore}
          disabled={restoring}
          aria-label={t("restoreNamed", { name: document.name })}
          data-testid="trash-restore"
        >
          <RotateCcw
            className={`size-4 ${restoring ? "animate-spin [animation-direction:reverse]" : ""}`}
            aria-hidden
          />
          {restoring ? t("restoring") : t("restore")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onPurge}
          aria-label={t("purgeNamed", { name: document.name })}
          className="hover:text-red-600 dark:hover:text-red-400"
          data-testid="trash-purge"
        >
          <Trash2 className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t("purge")}</span>
        </Button>
      </div>
    </li>
  );
}
