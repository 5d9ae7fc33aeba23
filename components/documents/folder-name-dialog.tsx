"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { ApiError, type Folder } from "@/lib/client/api";
import { useCreateFolder, useUpdateFolder } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** What the name dialog is for: a new folder under a parent (null: the root), or renaming one. */
export type FolderNaming = { kind: "create"; parentId: string | null } | { kind: "rename"; folder: Folder };

/** Names a new folder or renames one; the server's reasons (taken, too long, a slash) show under the field. */
export function FolderNameDialog({
  projectId,
  naming,
  onClose,
}: {
  projectId: string;
  naming: FolderNaming | null;
  onClose: () => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const create = useCreateFolder(projectId);
  const update = useUpdateFolder(projectId);
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<FolderNaming | null>(null);
  // A new dialog starts from the folder's own name (or empty): state follows the prop it opened with.
  if (naming !== shownFor) {
    setShownFor(naming);
    setName(naming?.kind === "rename" ? naming.folder.name : "");
    setError(null);
  }

  function failed(cause: unknown) {
    if (cause instanceof ApiError && cause.code === "conflict") setError(t("folderNameTaken"));
    else if (cause instanceof ApiError && cause.status === 422)
      setError(
        cause.fieldIssues("name")[0]?.message ?? cause.fieldIssues("parentId")[0]?.message ?? errorMessage(cause),
      );
    else setError(errorMessage(cause));
  }
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!naming || pending) return;
    if (naming.kind === "create")
      create.mutate({ name, parentId: naming.parentId }, { onSuccess: onClose, onError: failed });
    else update.mutate({ folderId: naming.folder.id, name }, { onSuccess: onClose, onError: failed });
  }

  return (
    <Dialog.Root open={naming !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogPanel
        title={naming?.kind === "rename" ? t("renameFolderTitle") : t("newFolderTitle")}
        closeLabel={tc("close")}
        testId="folder-name-dialog"
      >
        <form onSubmit={submit} className="space-y-4">
          <TextField
            label={t("folderName")}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error}
            autoFocus
            data-testid="folder-name-input"
          />
          <div className="flex justify-end gap-2">
            <Button onClick={onClose} disabled={pending}>
              {tc("cancel")}
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={pending || name.trim() === ""}
              data-testid="folder-name-save"
            >
              {naming?.kind === "rename" ? t("renameFolder") : t("createFolder")}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
