"use client";

import { useTranslations } from "next-intl";
import type { AttachedFile } from "@/lib/thread-messages/thread-message";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { FileIcon } from "@/components/files/file-icon";
import { useFilePreview } from "./file-preview-provider";

/** The files a user attached to a message, each opening its preview. */
export function MessageAttachments({ files }: { files: AttachedFile[] }) {
  const t = useTranslations("chat");
  const { openPreview } = useFilePreview();
  return (
    <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t("attachedFiles")}>
      {files.map((file) => (
        <li key={file.filename}>
          <button
            type="button"
            onClick={() => openPreview({ kind: "upload", filename: file.filename, sizeBytes: file.sizeBytes })}
            className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-2.5 py-1.5 text-left text-xs shadow-xs hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:border-zinc-600 dark:hover:bg-zinc-800"
            aria-label={t("previewNamed", { name: file.filename })}
            data-testid="message-attachment"
            data-filename={file.filename}
          >
            <FileIcon filename={file.filename} />
            <span className="truncate font-medium text-zinc-800 dark:text-zinc-200">{file.filename}</span>
            <span className="shrink-0 text-zinc-500 dark:text-zinc-400">{formatByteSize(file.sizeBytes)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
