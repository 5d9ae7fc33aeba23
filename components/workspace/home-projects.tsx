"use client";

import { Folder, Plus } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ArchivedBadge } from "@/components/projects/archived-badge";
import type { Project } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";
import { NewProjectDialog } from "./new-project-dialog";

const cardClass =
  "flex min-h-32 flex-col rounded-xl border border-zinc-200 bg-white p-4 shadow-xs transition-colors dark:border-zinc-800 dark:bg-zinc-900";

function ProjectCard({ project }: { project: Project }) {
  const t = useTranslations("workspace");
  return (
    <Link
      href={`/workspace/projects/${project.id}`}
      className={`${cardClass} hover:border-indigo-300 hover:bg-indigo-50/40 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/5`}
      data-testid="home-project-card"
    >
      <div className="flex items-start justify-between gap-2">
        <span className="flex size-9 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
          <Folder className="size-5" aria-hidden />
        </span>
        {project.status === "archived" ? <ArchivedBadge /> : null}
      </div>
      <span className="mt-auto pt-4 font-medium text-zinc-900 dark:text-zinc-100 [overflow-wrap:anywhere]">
        {project.name}
      </span>
      <span className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
        {t("chatCount", { count: project.threadCount })}
      </span>
    </Link>
  );
}

export function HomeProjects() {
  const t = useTranslations("workspace");
  const { data: projects, isPending, isError } = useProjects();
  return (
    <section aria-labelledby="home-projects" className="mt-10">
      <h2 id="home-projects" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t("projects")}
      </h2>
      {isError ? (
        <p className="mt-3 text-sm text-red-600 dark:text-red-400">{t("projectsLoadFailed")}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-projects">
          {isPending
            ? [0, 1, 2].map((i) => <li key={i} className={`${cardClass} animate-pulse`} aria-hidden />)
            : projects.map((project) => (
                <li key={project.id} className="grid">
                  <ProjectCard project={project} />
                </li>
              ))}
          <li className="grid">
            <NewProjectDialog>
              <button
                type="button"
                className={`${cardClass} items-center justify-center gap-2 border-dashed bg-transparent text-sm font-medium text-zinc-600 shadow-none hover:border-indigo-300 hover:text-indigo-700 dark:bg-transparent dark:text-zinc-400 dark:hover:border-indigo-500/50 dark:hover:text-indigo-300`}
                data-testid="home-new-project"
              >
                <Plus className="size-5" aria-hidden />
                {t("newProject")}
              </button>
            </NewProjectDialog>
          </li>
        </ul>
      )}
    </section>
  );
}
