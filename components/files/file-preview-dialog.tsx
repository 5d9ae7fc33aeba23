"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Download, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { overlayClass } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/button";
import { FileIcon } from "./file-icon";
import { FilePreviewBody } from "./file-preview-body";
import type { PreviewFile } from "./preview-file";

const panelClass =
  "fixed left-1/2 top-1/2 z-50 flex h-[min(85dvh,56rem)] w-[calc(100%-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900";

/**
 * A file shown in place: text as text, images and PDFs inline, office files as converted text
 * where offered, the rest to download. Used by the chat and by the project's shelf.
 */
export function FilePreviewDialog({ file, onClose }: { file: PreviewFile | null; onClose: () => void }) {
  const t = useTranslations("chat");
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClass} />
        {file ? (
          <Dialog.Content className={panelClass} aria-describedby={undefined} data-testid="file-preview">
            <header className="flex items-center gap-3 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
              <FileIcon filename={file.name} />
              <div className="min-w-0 flex-1">
                <Dialog.Title
                  className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50"
                  data-testid="file-preview-title"
                >
                  {file.name}
                </Dialog.Title>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">{file.subtitle}</p>
              </div>
              <a
                href={file.downloadUrl}
                download={file.name}
                className={buttonClass({ variant: "secondary", size: "sm" })}
                data-testid="file-preview-download"
              >
                <Download className="size-4" aria-hidden />
                {t("download")}
              </a>
              <Dialog.Close
                aria-label={t("closePreview")}
                className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </header>
            {/* Focusable, so the keyboard can scroll a long text (the dialog has no other stop inside it). */}
            <div
              className="min-h-0 flex-1 overflow-auto bg-zinc-50/60 dark:bg-zinc-950/40"
              tabIndex={0}
              role="region"
              aria-label={t("previewContentLabel", { name: file.name })}
              data-testid="file-preview-content"
            >
              {/* Keyed by file so switching files never shows the previous file's text. */}
              <FilePreviewBody key={file.url} file={file} />
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
