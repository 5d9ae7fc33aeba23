"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import type { Project } from "@/lib/client/api";
import { useForkProject } from "@/lib/client/mutations";
import { projectNameProblem } from "@/lib/client/project-name-error";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { PROJECT_NAME_MAX_CHARS } from "@/lib/projects/project-name-limit";

/** "Fork project…": names the fork (a suggestion filled in), makes it, and opens it. */
export function ForkProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const fork = useForkProject(project.id);
  const [name, setName] = useState(() => t("forkDefaultName", { name: project.name }).slice(0, PROJECT_NAME_MAX_CHARS));
  const [nameError, setNameError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNameError(null);
    fork.mutate(name, {
      onSuccess: (forked) => {
        onClose();
        toast.success(t("forked", { name: forked.name }));
        router.push(`/workspace/projects/${forked.id}`);
      },
      onError: (error) => {
        const problem = projectNameProblem(error, name);
        if (problem) setNameError(t(problem, { max: PROJECT_NAME_MAX_CHARS }));
        else toast.error(t("forkFailed"), { description: errorMessage(error) });
      },
    });
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !fork.isPending && onClose()}>
      <DialogPanel
        title={t("forkTitle", { name: project.name })}
        description={t("forkDescription")}
        closeLabel={tc("close")}
        testId="fork-project-dialog"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label={t("forkNameLabel")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            autoFocus
            data-testid="fork-project-name"
          />
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button disabled={fork.isPending}>{tc("cancel")}</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" disabled={fork.isPending} data-testid="fork-project-submit">
              {t("forkSubmit")}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
