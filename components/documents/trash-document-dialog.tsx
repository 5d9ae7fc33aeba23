"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ProjectDocument } from "@/lib/client/api";
import { useRestoreDocument, useTrashDocument } from "@/lib/client/mutations";
import { useConfig } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** Moving a document to the trash, confirmed with how long the trash keeps it. */
export function TrashDocumentDialog({
  projectId,
  document,
  onClose,
}: {
  projectId: string;
  document: ProjectDocument | null;
  onClose: () => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const retentionDays = useConfig().data?.trashRetentionDays ?? 0;
  const trash = useTrashDocument(projectId);
  const restore = useRestoreDocument();

  function undo(trashed: ProjectDocument) {
    // Back to the project it came from: the trash's own restore, so nothing is lost either way.
    restore.mutate(
      { documentId: trashed.id },
      {
        onSuccess: () => toast.success(t("trashUndone", { name: trashed.name })),
        onError: (error) => toast.error(t("trashUndoFailed"), { description: errorMessage(error) }),
      },
    );
  }

  function confirm() {
    if (!document) return;
    trash.mutate(document.id, {
      onSuccess: () => {
        onClose();
        toast.success(t("trashed", { name: document.name }), {
          action: { label: t("trashUndo"), onClick: () => undo(document) },
        });
      },
      onError: (error) => toast.error(t("trashFailed"), { description: errorMessage(error) }),
    });
  }

  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("trashTitle", { name: document?.name ?? "" })}
      description={<p>{t("trashBody", { days: retentionDays })}</p>}
      confirmLabel={trash.isPending ? t("trashing") : t("trashConfirm")}
      cancelLabel={tc("cancel")}
      pending={trash.isPending}
      destructive
      onConfirm={confirm}
      testId="trash-document-dialog"
    />
  );
}
