"use client";

import { Folder } from "lucide-react";
import { useTranslations } from "next-intl";
import type { Project } from "@/lib/client/api";
import { ArchivedBadge } from "./archived-badge";
import { ForkedFromLink } from "./forked-from-link";
import { ProjectMenu } from "./project-menu";

export function ProjectHeader({ project }: { project: Project }) {
  const t = useTranslations("projects");
  return (
    <header className="flex items-start gap-3">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
        <Folder className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1
            className="text-2xl font-semibold tracking-tight text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-50"
            data-testid="project-name"
          >
            {project.name}
          </h1>
          {project.status === "archived" ? <ArchivedBadge /> : null}
        </div>
        <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
          {t("chatCount", { count: project.threadCount })}
        </p>
        <ForkedFromLink project={project} />
      </div>
      <ProjectMenu project={project} />
    </header>
  );
}
