"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Download, Eye, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button, buttonClass } from "@/components/ui/button";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { artifactDownloadUrl, type ThreadFile } from "@/lib/client/api";
import { FileIcon } from "@/components/files/file-icon";
import { useFilePreview } from "./file-preview-provider";
import { useThreadFiles } from "@/lib/client/queries";

function FileRow({ file }: { file: ThreadFile }) {
  const t = useTranslations("chat");
  const { openPreview } = useFilePreview();
  return (
    <li
      className="group flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800/70"
      data-testid="files-panel-file"
      data-kind={file.kind}
      data-filename={file.filename}
    >
      <FileIcon filename={file.filename} />
      <button
        type="button"
        onClick={() => openPreview(file)}
        className="min-w-0 flex-1 text-left"
        aria-label={t("previewNamed", { name: file.filename })}
      >
        <span className="block truncate text-sm text-zinc-800 dark:text-zinc-200" title={file.filename}>
          {file.filename}
        </span>
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">{formatByteSize(file.sizeBytes)}</span>
      </button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        onClick={() => openPreview(file)}
        aria-label={t("previewNamed", { name: file.filename })}
      >
        <Eye className="size-3.5" aria-hidden />
      </Button>
      <a
        href={artifactDownloadUrl(file.artifactUrl)}
        download={file.filename}
        className={buttonClass({ variant: "ghost", size: "icon", className: "size-7" })}
        aria-label={t("downloadNamed", { name: file.filename })}
      >
        <Download className="size-3.5" aria-hidden />
      </a>
    </li>
  );
}

function Section({
  title,
  query,
  empty,
  testId,
}: {
  title: string;
  query: UseQueryResult<ThreadFile[]>;
  empty: string;
  testId: string;
}) {
  const t = useTranslations("chat");
  return (
    <section className="space-y-1" data-testid={testId}>
      <h3 className="px-2 text-xs font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">
        {title}
        {query.data ? ` · ${query.data.length}` : null}
      </h3>
      {query.isPending ? (
        <div className="mx-2 h-8 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />
      ) : query.isError ? (
        <p className="px-2 text-sm text-red-600 dark:text-red-400">{t("filesLoadFailed")}</p>
      ) : query.data.length === 0 ? (
        <p className="px-2 text-sm text-zinc-500 dark:text-zinc-400">{empty}</p>
      ) : (
        <ul>
          {query.data.map((file) => (
            <FileRow key={file.filename} file={file} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every upload and output of the chat, to preview or download, beside the conversation. */
export function FilesPanel({ threadId, id, onClose }: { threadId: string; id: string; onClose: () => void }) {
  const t = useTranslations("chat");
  const { uploads, outputs } = useThreadFiles(threadId);
  return (
    <aside
      id={id}
      aria-label={t("filesTitle")}
      className="absolute inset-y-0 right-0 z-20 flex w-80 max-w-full flex-col border-l border-zinc-200 bg-white shadow-xl lg:static lg:shadow-none dark:border-zinc-800 dark:bg-zinc-950"
      data-testid="files-panel"
    >
      <div className="flex items-center justify-between border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t("filesTitle")}</h2>
        <Button size="icon" variant="ghost" onClick={onClose} aria-label={t("closeFiles")}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="min-h-0 flex-1 space-y-5 overflow-y-auto p-2 pt-4">
        <Section
          title={t("filesOutputs")}
          query={outputs}
          empty={t("filesOutputsEmpty")}
          testId="files-panel-outputs"
        />
        <Section
          title={t("filesUploads")}
          query={uploads}
          empty={t("filesUploadsEmpty")}
          testId="files-panel-uploads"
        />
      </div>
    </aside>
  );
}
