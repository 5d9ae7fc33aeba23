"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Folder as FolderIcon, FolderOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import type { Folder, ProjectDocument } from "@/lib/client/api";
import { useMoveDocument } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { folderDepth } from "./shelf-drag";

/** "Move to…": the keyboard's way to put a document in a folder (drag and drop is the pointer's). */
export function MoveToFolderDialog({
  projectId,
  folders,
  document,
  onClose,
  onTransfer,
}: {
  projectId: string;
  folders: Folder[];
  document: ProjectDocument | null;
  onClose: () => void;
  /** Onwards to another project: "Move to project…" or "Copy to project…" for this document. */
  onTransfer: (document: ProjectDocument, mode: "copy" | "move") => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const move = useMoveDocument(projectId);

  function pick(folderId: string | null) {
    if (!document || move.isPending) return;
    move.mutate(
      { documentId: document.id, folderId },
      {
        onSuccess: (moved) => {
          onClose();
          toast.success(t("moved", { name: moved.name, folder: moved.folderPath ?? t("rootFolder") }));
        },
        onError: (error) => toast.error(t("moveFailed", { name: document.name }), { description: errorMessage(error) }),
      },
    );
  }
  const option = (folderId: string | null, label: string, depth: number, key: string) => {
    const current = (document?.folderId ?? null) === folderId;
    return (
      <li key={key} style={{ paddingLeft: `${depth * 0.75}rem` }}>
        <button
          type="button"
          disabled={current || move.isPending}
          onClick={() => pick(folderId)}
          className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 dark:text-zinc-200 dark:hover:bg-zinc-800"
          data-testid="move-target"
          data-path={folderId === null ? "" : label}
          aria-label={current ? t("moveTargetCurrent", { folder: label }) : label}
        >
          {folderId === null ? (
            <FolderOpen className="size-4" aria-hidden />
          ) : (
            <FolderIcon className="size-4" aria-hidden />
          )}
          <span className="truncate">{label}</span>
        </button>
      </li>
    );
  };

  return (
    <Dialog.Root open={document !== null} onOpenChange={(open) => !open && !move.isPending && onClose()}>
      <DialogPanel
        title={t("moveTitle", { name: document?.name ?? "" })}
        description={t("moveDescription")}
        closeLabel={tc("close")}
        testId="move-to-folder-dialog"
      >
        <ul className="max-h-80 space-y-0.5 overflow-y-auto">
          {option(null, t("rootFolder"), 0, "root")}
          {folders.map((folder) => option(folder.id, folder.path, folderDepth(folder.path), folder.id))}
        </ul>
        {document ? (
          <div className="mt-4 flex flex-wrap gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <Button size="sm" onClick={() => onTransfer(document, "move")} data-testid="move-to-project">
              {t("moveToProject")}
            </Button>
            <Button size="sm" onClick={() => onTransfer(document, "copy")} data-testid="copy-to-project">
              {t("copyToProject")}
            </Button>
          </div>
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
