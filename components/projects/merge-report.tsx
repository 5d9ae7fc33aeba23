"use client";

import { useTranslations } from "next-intl";
import type { MergeResult } from "@/lib/client/api";

/** What a merge did: documents moved, already there (kept once) and renamed; notes and chats moved. */
export function MergeReport({ result }: { result: MergeResult }) {
  const t = useTranslations("projects");
  const { documents, notes, threads } = result;
  const where = (folderPath: string | null) => (folderPath ? t("inFolder", { folder: folderPath }) : "");
  return (
    <div className="space-y-3 text-sm text-zinc-800 dark:text-zinc-200" data-testid="merge-report" role="status">
      <ul className="list-disc space-y-1 pl-5">
        <li data-testid="merge-report-moved">{t("mergeReportMoved", { count: documents.moved })}</li>
        <li data-testid="merge-report-notes">{t("mergeReportNotes", { moved: notes.moved, kept: notes.kept })}</li>
        <li data-testid="merge-report-chats">{t("mergeReportChats", { count: threads.moved })}</li>
      </ul>
      {documents.kept.length > 0 ? (
        <section>
          <h3 className="font-medium">{t("mergeReportKept", { count: documents.kept.length })}</h3>
          <ul
            className="mt-1 max-h-32 space-y-0.5 overflow-y-auto pl-5 text-zinc-600 dark:text-zinc-400"
            data-testid="merge-report-kept"
          >
            {documents.kept.map((kept, index) => (
              <li key={index} className="[overflow-wrap:anywhere]">
                {t("keptEntry", { name: kept.name, existing: kept.existing.name })}
                {where(kept.existing.folderPath)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {documents.renamed.length > 0 ? (
        <section>
          <h3 className="font-medium">{t("mergeReportRenamed", { count: documents.renamed.length })}</h3>
          <ul
            className="mt-1 max-h-32 space-y-0.5 overflow-y-auto pl-5 text-zinc-600 dark:text-zinc-400"
            data-testid="merge-report-renamed"
          >
            {documents.renamed.map((renamed, index) => (
              <li key={index} className="[overflow-wrap:anywhere]">
                {t("renamedEntry", { from: renamed.from, to: renamed.to })}
                {where(renamed.folderPath)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
