"use client";

import { AlertCircle, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { FileIcon } from "@/components/files/file-icon";
import type { FileUploadFailure as UploadFailure } from "@/lib/client/upload-manager";
import { threadUploadThumbnailUrl } from "@/lib/client/api";
import type { UploadItem } from "./use-upload-queue";
import { useFilePreview } from "./file-preview-provider";

function useFailureText(maxBytes: number): (failure: UploadFailure | undefined) => string {
  const t = useTranslations("chat");
  // Only a transfer that got no answer is about the connection; every refusal says the server's reason.
  return (failure) => {
    switch (failure?.kind) {
      case "tooLarge":
        return t("uploadTooLarge", { limit: formatByteSize(maxBytes) });
      case "empty":
        return t("uploadEmpty");
      case "badName":
      case "server":
        return t("uploadServer", { message: failure.message });
      case "unavailable":
        return t("uploadUnavailable");
      default:
        return t("uploadNetwork");
    }
  };
}

function Chip({ item, maxBytes, onRemove }: { item: UploadItem; maxBytes: number; onRemove: () => void }) {
  const t = useTranslations("chat");
  const failureText = useFailureText(maxBytes);
  const failed = item.status === "error";
  const name = item.threadFile?.filename ?? item.name;
  const percent = Math.round(item.progress * 100);
  const { threadId } = useFilePreview();
  const image = item.threadFile?.image;
  return (
    <li
      className={`relative flex w-60 items-start gap-2 overflow-hidden rounded-lg border px-2.5 py-2 text-xs ${
        failed
          ? "border-red-200 bg-red-50 dark:border-red-500/30 dark:bg-red-500/10"
          : "border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/60"
      }`}
      data-testid="upload-chip"
      // A stored attachment is "done" in the chip's vocabulary (the manager says "added").
      data-status={item.status === "added" ? "done" : item.status}
      data-filename={name}
    >
      {failed ? (
        <AlertCircle className="mt-0.5 size-4 shrink-0 text-red-500" aria-hidden />
      ) : image ? (
        // eslint-disable-next-line @next/next/no-img-element -- a stored upload's thumbnail, served by the API
        <img
          src={threadUploadThumbnailUrl(threadId, name)}
          alt=""
          className="size-9 shrink-0 rounded object-cover ring-1 ring-zinc-200 dark:ring-zinc-700"
          data-testid="upload-chip-thumbnail"
        />
      ) : (
        <FileIcon filename={name} className="mt-0.5 size-4" />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-zinc-800 dark:text-zinc-100" title={name}>
          {name}
        </p>
        {failed ? (
          <p role="alert" className="mt-0.5 text-red-700 dark:text-red-300" data-testid="upload-chip-error">
            {failureText(item.failure)}
          </p>
        ) : (
          <p className="mt-0.5 text-zinc-500 dark:text-zinc-400">
            {item.status === "uploading"
              ? t("uploadingPercent", { percent })
              : formatByteSize(item.threadFile?.sizeBytes ?? item.sizeBytes)}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        className="-mr-1 -mt-0.5 rounded-md p-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
        aria-label={
          item.status === "uploading" ? t("cancelUploadNamed", { name }) : t("removeAttachmentNamed", { name })
        }
        data-testid="upload-chip-remove"
      >
        <X className="size-3.5" aria-hidden />
      </button>
      {item.status === "uploading" ? (
        <div
          role="progressbar"
          aria-label={t("uploadProgressNamed", { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-zinc-200 dark:bg-zinc-700"
          data-testid="upload-chip-progress"
        >
          <div className="h-full bg-indigo-500 transition-[width] duration-150" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </li>
  );
}

/** The files waiting to go out with the next message, each with its own progress or error. */
export function AttachmentChips({
  items,
  maxBytes,
  onRemove,
}: {
  items: UploadItem[];
  maxBytes: number;
  onRemove: (id: string) => void;
}) {
  const t = useTranslations("chat");
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-3 pt-3" aria-label={t("attachments")} data-testid="upload-chips">
      {items.map((item) => (
        <Chip key={item.id} item={item} maxBytes={maxBytes} onRemove={() => onRemove(item.id)} />
      ))}
    </ul>
  );
}
