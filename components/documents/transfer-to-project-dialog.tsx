"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import type { Folder, ProjectDocument, TransferResult } from "@/lib/client/api";
import { useTransferDocuments } from "@/lib/client/mutations";
import { useProjectFolders, useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** What is being copied or moved, and how. */
export interface Transfer {
  mode: "copy" | "move";
  documents: ProjectDocument[];
  folders: Folder[];
}

/**
 * "Copy to project…" / "Move to project…": documents and folders (with everything below them)
 * go to another active project, at its root or into one of its folders. Identical content
 * already in that folder is kept once and a taken name gets a number; the toast says so.
 */
export function TransferToProjectDialog(props: {
  projectId: string;
  transfer: Transfer | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  // The dialog's choices start afresh each time it opens: mounted only while there is a transfer.
  return props.transfer ? <TransferDialog {...props} transfer={props.transfer} /> : null;
}

function TransferDialog({
  projectId,
  transfer,
  onClose,
  onDone,
}: {
  projectId: string;
  transfer: Transfer;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const run = useTransferDocuments(projectId);
  const targets = useProjects().data?.filter((p) => p.status === "active" && p.id !== projectId) ?? [];
  const [targetId, setTargetId] = useState("");
  const chosen = targets.some((p) => p.id === targetId) ? targetId : (targets[0]?.id ?? "");
  const folders = useProjectFolders(chosen || null).data ?? [];
  const [folderId, setFolderId] = useState("");
  const chosenFolder = folders.some((f) => f.id === folderId) ? folderId : "";

  const mode = transfer.mode;
  const items = [...transfer.documents.map((d) => d.name), ...transfer.folders.map((f) => f.name)];
  const what = items.length === 1 ? t("transferOne", { name: items[0]! }) : t("transferMany", { count: items.length });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen || run.isPending) return;
    const target = targets.find((p) => p.id === chosen)!;
    run.mutate(
      {
        documentIds: transfer.documents.map((d) => d.id),
        folderIds: transfer.folders.map((f) => f.id),
        toProjectId: chosen,
        toFolderId: chosenFolder || null,
        mode,
      },
      {
        onSuccess: (result: TransferResult) => {
          onClose();
          onDone?.();
          toast.success(t("transferDone", { count: result.created.length, mode, project: target.name }), {
            description:
              t("transferDetails", { duplicates: result.duplicates.length, renamed: result.renamed.length }) ||
              undefined,
          });
        },
        onError: (error) => toast.error(t("transferFailed", { mode }), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !run.isPending && onClose()}>
      <DialogPanel
        title={mode === "copy" ? t("transferCopyTitle") : t("transferMoveTitle")}
        description={what}
        closeLabel={tc("close")}
        testId="transfer-dialog"
      >
        {targets.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="transfer-no-targets">
            {t("transferNoTargets")}
          </p>
        ) : (
          <form onSubmit={onSubmit} className="space-y-5">
            <SelectField
              label={t("transferProject")}
              value={chosen}
              options={targets.map((target) => ({ value: target.id, label: target.name }))}
              onValueChange={setTargetId}
              testId="transfer-project"
            />
            <SelectField
              label={t("transferFolder")}
              value={chosenFolder}
              options={[{ value: "", label: t("rootFolder") }, ...folders.map((f) => ({ value: f.id, label: f.path }))]}
              onValueChange={setFolderId}
              testId="transfer-folder"
            />
            <div className="flex justify-end gap-2">
              <Button onClick={onClose} disabled={run.isPending}>
                {tc("cancel")}
              </Button>
              <Button type="submit" variant="primary" disabled={run.isPending} data-testid="transfer-submit">
                {mode === "copy" ? t("transferSubmitCopy") : t("transferSubmitMove")}
              </Button>
            </div>
          </form>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
