"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Folder, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { DialogPanel } from "@/components/ui/dialog";
import type { Project } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";

/**
 * Where to restore a trashed document or note whose own project is gone or archived: one of
 * the user's active projects (the server restores into nothing else). `subject` says what is
 * being restored, in the dialog's title and description.
 */
export function RestoreTargetDialog({
  subject,
  busyProjectId,
  onPick,
  onClose,
}: {
  subject: { title: string; description: string } | null;
  busyProjectId: string | null;
  onPick: (project: Project) => void;
  onClose: () => void;
}) {
  const t = useTranslations("trash");
  const tc = useTranslations("common");
  const projects = useProjects();
  const active = projects.data?.filter((project) => project.status === "active") ?? [];

  return (
    <Dialog.Root open={subject !== null} onOpenChange={(open) => !open && busyProjectId === null && onClose()}>
      <DialogPanel
        title={subject?.title ?? ""}
        description={subject?.description}
        closeLabel={tc("close")}
        testId="restore-target-dialog"
      >
        {projects.isPending ? (
          <div className="h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800" aria-hidden />
        ) : active.length === 0 ? (
          <p
            className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400"
            data-testid="restore-target-empty"
          >
            {t("pickerEmpty")}
          </p>
        ) : (
          <ul
            aria-label={t("pickerLabel")}
            className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
          >
            {active.map((project) => (
              <li key={project.id}>
                <button
                  type="button"
                  onClick={() => onPick(project)}
                  disabled={busyProjectId !== null}
                  className="flex w-full items-center gap-3 px-3 py-2.5 text-left text-sm hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-zinc-800/60"
                  data-testid="restore-target"
                  data-project-id={project.id}
                >
                  {busyProjectId === project.id ? (
                    <Loader2 className="size-4 shrink-0 animate-spin text-indigo-500" aria-hidden />
                  ) : (
                    <Folder className="size-4 shrink-0 text-zinc-400" aria-hidden />
                  )}
                  <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
                    {project.name}
                  </span>
                  <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                    {t("documentCount", { count: project.documentCount })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
