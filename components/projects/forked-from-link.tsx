"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Project } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";

/** "Forked from X" under a fork's name, X a link to the project it came from (while that exists). */
export function ForkedFromLink({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const origin = useProjects().data?.find((p) => p.id === project.forkedFromId);
  if (!project.forkedFromId || !origin) return null;
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="project-forked-from">
      {t.rich("forkedFrom", {
        name: origin.name,
        link: (chunks) => (
          <Link
            href={`/workspace/projects/${origin.id}`}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
          >
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
