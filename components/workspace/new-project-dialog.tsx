"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { useCreateProject } from "@/lib/client/mutations";
import { projectNameProblem } from "@/lib/client/project-name-error";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { PROJECT_NAME_MAX_CHARS } from "@/lib/projects/project-name-limit";

/** Wraps any trigger (the sidebar's +, the home page's card) with the create-project dialog. */
export function NewProjectDialog({ children }: { children: ReactNode }) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const createProject = useCreateProject();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setName("");
      setNameError(null);
      createProject.reset();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNameError(null);
    createProject.mutate(name, {
      onSuccess: (project) => {
        onOpenChange(false);
        toast.success(t("created", { name: project.name }));
        router.push(`/workspace/projects/${project.id}`);
      },
      onError: (error) => {
        const problem = projectNameProblem(error, name);
        if (problem) setNameError(t(problem, { max: PROJECT_NAME_MAX_CHARS }));
        else toast.error(t("createFailed"), { description: errorMessage(error) });
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <DialogPanel
        title={t("newProjectTitle")}
        description={t("newProjectDescription")}
        closeLabel={tc("close")}
        testId="new-project-dialog"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          <TextField
            label={t("nameLabel")}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder={t("namePlaceholder")}
            error={nameError}
            autoFocus
            data-testid="new-project-name"
          />
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button>{tc("cancel")}</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" disabled={createProject.isPending} data-testid="new-project-submit">
              {t("create")}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
