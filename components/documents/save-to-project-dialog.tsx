"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { CheckCircle2, Copy } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { ApiError, type SavedDocument } from "@/lib/client/api";
import { useSaveThreadFileToProject } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import type { ThreadFileRef } from "./conversation-files";

/**
 * The 422's own sentence about the shelf name (its details name the field and why:
 * docs/architecture.md § "HTTP surface").
 */
function shelfNameIssue(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  return error.fieldIssues("shelfName")[0]?.message ?? error.body.message;
}

function Outcome({ saved, onDone }: { saved: SavedDocument; onDone: () => void }) {
  const t = useTranslations("documents");
  const Icon = saved.deduplicated ? Copy : CheckCircle2;
  return (
    <div className="space-y-5">
      <p
        role="status"
        className={`flex gap-2 text-sm ${saved.deduplicated ? "text-amber-800 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-400"}`}
        data-testid="save-to-project-outcome"
        data-outcome={saved.deduplicated ? "deduplicated" : "added"}
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
        {saved.deduplicated
          ? t("saveDeduplicated", { name: saved.document.name })
          : t("saveAdded", { name: saved.document.name })}
      </p>
      <div className="flex justify-end">
        <Button variant="primary" onClick={onDone} autoFocus data-testid="save-to-project-done">
          {t("saveDone")}
        </Button>
      </div>
    </div>
  );
}

function SaveForm({ projectId, source, onClose }: { projectId: string; source: ThreadFileRef; onClose: () => void }) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const save = useSaveThreadFileToProject(projectId);
  const [shelfName, setShelfName] = useState(source.file.filename);

  if (save.data) return <Outcome saved={save.data} onDone={onClose} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ threadId: source.threadId, kind: source.file.kind, name: source.file.filename, shelfName });
  }

  const nameIssue = shelfNameIssue(save.error);
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField
        label={t("shelfNameLabel")}
        value={shelfName}
        onChange={(event) => setShelfName(event.target.value)}
        hint={t("shelfNameHint")}
        error={nameIssue !== null ? t("saveBadName", { message: nameIssue }) : null}
        autoFocus
        data-testid="save-to-project-name"
      />
      {save.error && nameIssue === null ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="save-to-project-error">
          {t("saveFailed", { reason: errorMessage(save.error) })}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <Button disabled={save.isPending}>{tc("cancel")}</Button>
        </Dialog.Close>
        <Button type="submit" variant="primary" disabled={save.isPending} data-testid="save-to-project-submit">
          {save.isPending ? t("saving") : t("saveSubmit")}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Save to project": copies a chat's file onto the shelf under a name the user can change,
 * then says what happened: added, or already there under another name (identical bytes are
 * kept once), or why the name was refused.
 */
export function SaveToProjectDialog({
  projectId,
  source,
  onClose,
}: {
  projectId: string;
  source: ThreadFileRef | null;
  onClose: () => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  return (
    <Dialog.Root open={source !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPanel
        title={t("saveTitle", { name: source?.file.filename ?? "" })}
        description={t("saveDescription")}
        closeLabel={tc("close")}
        testId="save-to-project-dialog"
      >
        {/* Keyed by file, so each opening starts from that file's name and no earlier outcome. */}
        {source ? (
          <SaveForm
            key={`${source.threadId}/${source.file.kind}/${source.file.filename}`}
            projectId={projectId}
            source={source}
            onClose={onClose}
          />
        ) : null}
      </DialogPanel>
    </Dialog.Root>
  );
}
