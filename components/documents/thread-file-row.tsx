"use client";

import { Eye, FolderInput } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ThreadFile } from "@/lib/client/api";
import { FileIcon } from "@/components/files/file-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";

/** One upload or output of a chat: preview it, or (on an active project) save a copy to the shelf. */
export function ThreadFileRow({
  file,
  readOnly,
  onPreview,
  onSave,
}: {
  file: ThreadFile;
  readOnly: boolean;
  onPreview: () => void;
  onSave: () => void;
}) {
  const t = useTranslations("documents");
  return (
    <li
      className="flex items-center gap-3 px-4 py-2"
      data-testid="thread-file"
      data-kind={file.kind}
      data-filename={file.filename}
    >
      <FileIcon filename={file.filename} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-zinc-900 dark:text-zinc-100" title={file.filename}>
          {file.filename}
        </p>
        <p className="mt-0.5 flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <Badge tone={file.kind === "output" ? "indigo" : "neutral"}>{t("fileKind", { kind: file.kind })}</Badge>
          <span>{formatByteSize(file.sizeBytes)}</span>
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        onClick={onPreview}
        aria-label={t("previewNamed", { name: file.filename })}
        data-testid="thread-file-preview"
      >
        <Eye className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t("preview")}</span>
      </Button>
      {readOnly ? null : (
        <Button
          size="sm"
          variant="secondary"
          onClick={onSave}
          aria-label={t("saveToProjectNamed", { name: file.filename })}
          data-testid="thread-file-save"
        >
          <FolderInput className="size-4" aria-hidden />
          <span className="hidden sm:inline">{t("saveToProject")}</span>
        </Button>
      )}
    </li>
  );
}
