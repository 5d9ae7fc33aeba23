"use client";

import { Download, Eye } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, buttonClass } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { artifactDownloadUrl } from "@/lib/client/api";
import { FileIcon } from "@/components/files/file-icon";
import { fileRefUrl, type FileRef } from "@/components/files/file-ref";
import { useFilePreview } from "./file-preview-provider";

/** A file the agent wrote (or the user uploaded), with Preview and Download. */
export function FileCard({ file, testId = "file-card" }: { file: FileRef; testId?: string }) {
  const t = useTranslations("chat");
  const { threadId, openPreview } = useFilePreview();
  return (
    <div
      className="flex max-w-md items-center gap-3 rounded-xl border border-zinc-200 bg-white px-3 py-2.5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={testId}
      data-filename={file.filename}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 dark:bg-indigo-500/10">
        <FileIcon filename={file.filename} className="size-4.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={file.filename}>
          {file.filename}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {file.kind === "output" ? t("fileKindOutput") : t("fileKindUpload")}
          {file.sizeBytes !== undefined ? ` · ${formatByteSize(file.sizeBytes)}` : null}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => openPreview(file)}
        aria-label={t("previewNamed", { name: file.filename })}
        data-testid="file-card-preview"
      >
        <Eye className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t("preview")}</span>
      </Button>
      <a
        href={artifactDownloadUrl(fileRefUrl(threadId, file))}
        download={file.filename}
        className={buttonClass({ variant: "ghost", size: "sm" })}
        aria-label={t("downloadNamed", { name: file.filename })}
        data-testid="file-card-download"
      >
        <Download className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t("download")}</span>
      </a>
    </div>
  );
}
