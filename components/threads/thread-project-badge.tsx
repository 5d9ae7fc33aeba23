"use client";

import { Archive, Folder } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge, badgeClass } from "@/components/ui/badge";
import { useProjects } from "@/lib/client/queries";

/** Which project the chat belongs to, linking there; or plainly "No project". */
export function ThreadProjectBadge({ projectId }: { projectId: string | null }) {
  const t = useTranslations("threads");
  const { data: projects, isPending } = useProjects();
  if (projectId && isPending)
    return <span className="h-5 w-24 animate-pulse rounded-full bg-zinc-100 dark:bg-zinc-800" aria-hidden />;
  const project = projectId ? projects?.find((p) => p.id === projectId) : undefined;
  if (!project) {
    return <Badge testId="thread-project-badge">{t("noProject")}</Badge>;
  }
  const archived = project.status === "archived";
  return (
    <Link
      href={`/workspace/projects/${project.id}`}
      className={`${badgeClass("indigo")} max-w-60 hover:underline`}
      data-testid="thread-project-badge"
      title={archived ? t("projectArchivedTitle", { name: project.name }) : undefined}
    >
      {archived ? (
        <Archive className="size-3 shrink-0" aria-hidden />
      ) : (
        <Folder className="size-3 shrink-0" aria-hidden />
      )}
      <span className="truncate">{project.name}</span>
    </Link>
  );
}
