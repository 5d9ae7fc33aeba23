"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError, type Project, type TrashedDocument } from "@/lib/client/api";
import { useRestoreDocument } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";

/**
 * Restore: straight back to the document's own project while that is available, otherwise
 * (or when it turns out not to be any more) through a picker of active projects. The outcome
 * is said in words: restored, or merged into the identical document already on the target.
 */
export function useRestoreFlow() {
  const t = useTranslations("trash");
  const errorMessage = useErrorMessage();
  const restore = useRestoreDocument();
  const [picking, setPicking] = useState<TrashedDocument | null>(null);

  function run(document: TrashedDocument, target: { id: string; name: string } | null) {
    const projectName = target?.name ?? document.origin.projectName;
    restore.mutate(
      { documentId: document.id, projectId: target?.id },
      {
        onSuccess: ({ outcome }) => {
          setPicking(null);
          toast.success(
            outcome === "merged"
              ? t("merged", { name: document.name, project: projectName })
              : t("restored", { name: document.name, project: projectName }),
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "content_missing") {
            setPicking(null);
            toast.error(t("restoreMissing", { name: document.name }));
          } else if (error instanceof ApiError && error.status === 404 && target === null) {
            // The origin was deleted or archived since the list was read: ask where instead.
            setPicking(document);
            toast.info(t("restoreOriginGone", { project: projectName }));
          } else {
            toast.error(t("restoreFailed", { name: document.name }), { description: errorMessage(error) });
          }
        },
      },
    );
  }

  return {
    /** The document waiting for a target project, if any. */
    picking,
    /** The document being restored right now, and into which project when one was picked. */
    pending: restore.isPending ? restore.variables : undefined,
    start: (document: TrashedDocument) => (document.originAvailable ? run(document, null) : setPicking(document)),
    pick: (project: Project) => picking && run(picking, { id: project.id, name: project.name }),
    cancelPick: () => setPicking(null),
  };
}
