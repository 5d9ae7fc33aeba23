"use client";

import { CheckCircle2, Copy, Loader2, XCircle, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { isActive, type FileUploadFailure as UploadFailure, type Upload } from "@/lib/client/upload-manager";

/** What became of a shelf upload that failed, in the person's language. */
export function useShelfFailureText(maxBytes: number): (failure: UploadFailure) => string {
  const t = useTranslations("documents");
  return (failure) => {
    switch (failure.kind) {
      case "tooLarge":
        return t("uploadTooLarge", { limit: formatByteSize(maxBytes) });
      case "badName":
        return t("uploadBadName", { message: failure.message });
      case "unavailable":
        return t("uploadUnavailable");
      case "empty":
        return t("uploadEmpty");
      case "server":
        return t("uploadServer", { message: failure.message });
      default:
        return t("uploadNetwork");
    }
  };
}

/** One file of a batch: its progress while it goes (with Cancel), then what became of it. */
export function ShelfUploadRow({
  upload,
  maxBytes,
  onRemove,
}: {
  upload: Upload;
  maxBytes: number;
  onRemove: () => void;
}) {
  const t = useTranslations("documents");
  const failureText = useShelfFailureText(maxBytes);
  const percent = Math.round(upload.progress * 100);
  const active = isActive(upload);
  return (
    <li
      className="flex items-start gap-3 px-4 py-2.5"
      data-testid="shelf-upload"
      data-filename={upload.name}
      data-status={upload.status}
    >
      <span className="mt-0.5">
        {active ? (
          <Loader2 className="size-4 animate-spin text-indigo-500" aria-hidden />
        ) : upload.status === "error" ? (
          <XCircle className="size-4 text-red-600 dark:text-red-400" aria-hidden />
        ) : upload.status === "deduplicated" ? (
          <Copy className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
        ) : (
          <CheckCircle2 className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={upload.name}>
          {upload.name}
        </p>
        {active ? (
          <div className="mt-1.5 flex items-center gap-3">
            <div
              role="progressbar"
              aria-label={t("uploadProgressNamed", { name: upload.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
              data-testid="shelf-upload-progress"
            >
              <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <span className="w-24 shrink-0 text-right text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
              {upload.status === "queued" ? t("uploadQueued") : t("uploadProgress", { percent })}
            </span>
          </div>
        ) : (
          <p
            className={`mt-0.5 text-xs ${upload.status === "error" ? "text-red-600 dark:text-red-400" : upload.status === "deduplicated" ? "text-amber-700 dark:text-amber-300" : "text-zinc-500 dark:text-zinc-400"}`}
            role={upload.status === "error" ? "alert" : "status"}
            data-testid="shelf-upload-note"
          >
            {upload.status === "error" && upload.failure
              ? failureText(upload.failure)
              : upload.status === "deduplicated"
                ? t("uploadDeduplicated", { name: upload.shelfName ?? upload.name })
                : t("uploadAdded")}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={active ? t("cancelUploadNamed", { name: upload.name }) : t("dismissNamed", { name: upload.name })}
        className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
        data-testid={active ? "shelf-upload-cancel" : "shelf-upload-dismiss"}
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}
