"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { ProjectContextNote } from "@/components/context/project-context-note";
import { Button } from "@/components/ui/button";
import { ApiError, type Project } from "@/lib/client/api";
import { useUpdateProject } from "@/lib/client/mutations";
import { useConfig } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { utf8ByteLength } from "@/lib/text/utf8-byte-length";

/**
 * Instructions are capped in UTF-8 bytes, not characters, and the server rejects (never
 * truncates) anything over the cap. The counter and the disabled Save mirror that rule so the
 * 422 is the exception, not the way a person finds out.
 */
export function InstructionsEditor({
  project,
  onDirtyChange,
}: {
  project: Project;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const t = useTranslations("projects");
  const format = useFormatter();
  const errorMessage = useErrorMessage();
  const id = useId();
  const maxBytes = useConfig().data?.instructionsMaxBytes;
  const update = useUpdateProject(project.id);
  const [draft, setDraft] = useState(project.instructions);
  const [serverError, setServerError] = useState<string | null>(null);

  const dirty = draft !== project.instructions;
  const bytes = utf8ByteLength(draft);
  const overCap = maxBytes !== undefined && bytes > maxBytes;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function save() {
    setServerError(null);
    update.mutate(
      { instructions: draft },
      {
        onSuccess: () => toast.success(t("instructionsSaved")),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldIssues("instructions").length > 0) {
            setServerError(t("instructionsRejected"));
          } else {
            toast.error(t("instructionsSaveFailed"), { description: errorMessage(error) });
          }
        },
      },
    );
  }

  const problem = overCap
    ? t("instructionsOverCap", { over: bytes - (maxBytes ?? 0), max: format.number(maxBytes ?? 0) })
    : serverError;

  return (
    <section aria-labelledby={`${id}-label`} className="space-y-3">
      <div>
        <h2 id={`${id}-label`} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
          {t("instructionsTitle")}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("instructionsDescription")}</p>
      </div>
      <textarea
        id={id}
        aria-labelledby={`${id}-label`}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          setServerError(null);
        }}
        rows={14}
        spellCheck
        placeholder={t("instructionsPlaceholder")}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count ${problem ? `${id}-problem` : ""}`.trim()}
        className="block w-full resize-y rounded-xl border border-zinc-300 bg-white px-4 py-3 text-sm leading-6 text-zinc-900 shadow-xs placeholder:text-zinc-400 focus-visible:border-indigo-500 focus-visible:outline-offset-0 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
        data-testid="instructions-input"
      />
      {problem ? (
        <p
          id={`${id}-problem`}
          role="alert"
          className="text-sm text-red-600 dark:text-red-400"
          data-testid="instructions-error"
        >
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span
          id={`${id}-count`}
          className={`text-sm tabular-nums ${overCap ? "font-medium text-red-600 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}`}
          data-testid="instructions-byte-count"
          data-bytes={bytes}
          data-over-cap={overCap}
        >
          {maxBytes === undefined
            ? t("byteCountNoLimit", { bytes: format.number(bytes) })
            : t("byteCount", { bytes: format.number(bytes), max: format.number(maxBytes) })}
        </span>
        {dirty ? (
          <span
            className="inline-flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-300"
            data-testid="instructions-unsaved"
          >
            <span className="size-1.5 rounded-full bg-amber-500" aria-hidden />
            {t("unsavedChanges")}
          </span>
        ) : null}
        <div className="ml-auto flex gap-2">
          {dirty ? (
            <Button
              onClick={() => setDraft(project.instructions)}
              disabled={update.isPending}
              data-testid="instructions-revert"
            >
              {t("revert")}
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={save}
            disabled={!dirty || overCap || update.isPending}
            data-testid="instructions-save"
          >
            {update.isPending ? t("saving") : t("save")}
          </Button>
        </div>
      </div>
      <ProjectContextNote projectId={project.id} />
    </section>
  );
}
