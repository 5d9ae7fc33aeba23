"use client";

import { useTranslations } from "next-intl";
import { useProjectContext } from "@/lib/client/queries";
import { ContextReport } from "./context-report";

/** The Instructions tab's reading of what every chat of the project receives, as last saved. */
export function ProjectContextNote({ projectId }: { projectId: string }) {
  const t = useTranslations("context");
  const context = useProjectContext(projectId);
  if (!context.data) return null;
  return (
    <section
      className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      aria-labelledby={`context-${projectId}`}
      data-testid="project-context"
    >
      <h3 id={`context-${projectId}`} className="mb-1 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {t("projectTitle")}
      </h3>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t("projectDescription")}</p>
      <ContextReport context={context.data} />
    </section>
  );
}
