"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { Project } from "@/lib/client/api";
import { useUpdateProject } from "@/lib/client/mutations";
import { projectNameProblem } from "@/lib/client/project-name-error";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { PROJECT_NAME_MAX_CHARS } from "@/lib/projects/project-name-limit";
import { SettingsCard } from "./settings-card";

export function RenameProjectForm({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const errorMessage = useErrorMessage();
  const update = useUpdateProject(project.id);
  const [name, setName] = useState(project.name);
  const [nameError, setNameError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNameError(null);
    update.mutate(
      { name },
      {
        onSuccess: (renamed) => {
          setName(renamed.name);
          toast.success(t("renamed", { name: renamed.name }));
        },
        onError: (error) => {
          const problem = projectNameProblem(error, name);
          if (problem) setNameError(t(problem, { max: PROJECT_NAME_MAX_CHARS }));
          else toast.error(t("renameFailed"), { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <SettingsCard title={t("renameTitle")} description={t("renameDescription")}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={t("nameLabel")}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameError(null);
          }}
          error={nameError}
          className="flex-1"
          data-testid="rename-project-input"
        />
        <Button
          type="submit"
          variant="primary"
          className="sm:mt-7"
          disabled={update.isPending || name === project.name}
          data-testid="rename-project-submit"
        >
          {t("rename")}
        </Button>
      </form>
    </SettingsCard>
  );
}
