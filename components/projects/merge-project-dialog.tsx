"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { SelectField } from "@/components/ui/select-field";
import { ApiError, type MergeAfterwards, type MergeResult, type Project } from "@/lib/client/api";
import { useMergeProject } from "@/lib/client/mutations";
import { useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { MergeReport } from "./merge-report";

const AFTERWARDS: MergeAfterwards[] = ["keep", "archive", "delete"];
const afterwardsLabel = { keep: "afterwardsKeep", archive: "afterwardsArchive", delete: "afterwardsDelete" } as const;

/**
 * "Merge into another project…": pick the target and what becomes of this project, merge, then
 * read the report of what moved, what was already there and what was renamed. When this
 * project was deleted, closing the report opens the target (this page no longer exists).
 */
export function MergeProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const merge = useMergeProject(project.id);
  const targets = useProjects().data?.filter((p) => p.status === "active" && p.id !== project.id) ?? [];
  const [targetId, setTargetId] = useState<string>("");
  const [afterwards, setAfterwards] = useState<MergeAfterwards>("archive");
  const [report, setReport] = useState<{ result: MergeResult; afterwards: MergeAfterwards } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = targetId || targets[0]?.id || "";

  function close() {
    if (merge.isPending) return;
    onClose();
    if (report?.afterwards === "delete") router.push(`/workspace/projects/${report.result.project.id}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    setProblem(null);
    merge.mutate(
      { intoProjectId: chosen, afterwards },
      {
        onSuccess: (result) => setReport({ result, afterwards }),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldIssues("instructions").length > 0) setProblem(t("mergeTooLong"));
          else toast.error(t("mergeFailed"), { description: errorMessage(error) });
        },
      },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <DialogPanel
        title={
          report ? t("mergeReportTitle", { name: report.result.project.name }) : t("mergeTitle", { name: project.name })
        }
        description={report ? undefined : t("mergeDescription")}
        closeLabel={tc("close")}
        testId="merge-project-dialog"
      >
        {report ? (
          <div className="space-y-5">
            <MergeReport result={report.result} />
            <div className="flex justify-end gap-2">
              <Button onClick={close} data-testid="merge-report-close">
                {tc("close")}
              </Button>
              <Button
                variant="primary"
                onClick={() => {
                  onClose();
                  router.push(`/workspace/projects/${report.result.project.id}`);
                }}
                data-testid="merge-report-open-target"
              >
                {t("openTarget", { name: report.result.project.name })}
              </Button>
            </div>
          </div>
        ) : targets.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="merge-no-targets">
            {t("mergeNoTargets")}
          </p>
        ) : (
          <form onSubmit={onSubmit} className="space-y-5">
            <SelectField
              label={t("mergeTarget")}
              value={chosen}
              options={targets.map((target) => ({ value: target.id, label: target.name }))}
              onValueChange={setTargetId}
              testId="merge-target"
            />
            <fieldset className="space-y-1.5">
              <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
                {t("mergeAfterwards", { name: project.name })}
              </legend>
              {AFTERWARDS.map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                  <input
                    type="radio"
                    name="afterwards"
                    value={option}
                    checked={afterwards === option}
                    onChange={() => setAfterwards(option)}
                    className="size-4 accent-indigo-600"
                    data-testid={`merge-afterwards-${option}`}
                  />
                  {t(afterwardsLabel[option])}
                </label>
              ))}
            </fieldset>
            {problem ? (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400" data-testid="merge-problem">
                {problem}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button onClick={close} disabled={merge.isPending}>
                {tc("cancel")}
              </Button>
              <Button type="submit" variant="primary" disabled={merge.isPending} data-testid="merge-submit">
                {t("mergeSubmit")}
              </Button>
            </div>
          </form>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
