"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ShelfUploads } from "./use-shelf-uploads";
import { ShelfUploadRow } from "./shelf-upload-row";

/** The current batch of uploads, kept until dismissed so errors and dedup notes can be read. */
export function ShelfUploadList({ uploads, maxBytes }: { uploads: ShelfUploads; maxBytes: number }) {
  const t = useTranslations("documents");
  if (uploads.items.length === 0) return null;
  const anyFinished = uploads.items.some((item) => item.status !== "queued" && item.status !== "uploading");
  return (
    <section
      aria-label={t("uploadsLabel")}
      className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="shelf-uploads"
    >
      <header className="flex items-center justify-between border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{t("uploadsLabel")}</h3>
        {anyFinished ? (
          <Button size="sm" variant="ghost" onClick={uploads.clearFinished} data-testid="shelf-uploads-clear">
            {t("clearFinished")}
          </Button>
        ) : null}
      </header>
      {/* A long batch scrolls in its own box so the shelf below stays in view. */}
      <ul className="max-h-64 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
        {uploads.items.map((upload) => (
          <ShelfUploadRow key={upload.id} upload={upload} maxBytes={maxBytes} onDismiss={() => uploads.dismiss(upload.id)} />
        ))}
      </ul>
    </section>
  );
}
