"use client";

import * as Collapsible from "@radix-ui/react-collapsible";
import { Archive, ChevronRight, Folder, Plus, Trash2 } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Project } from "@/lib/client/api";
import { useProjects } from "@/lib/client/queries";
import { NewProjectDialog } from "./new-project-dialog";
import { SidebarLink } from "./sidebar-link";
import { SidebarSection, SidebarSkeleton } from "./sidebar-section";

function ProjectLinks({ projects, archived }: { projects: Project[]; archived: boolean }) {
  const Icon = archived ? Archive : Folder;
  return (
    <ul className="space-y-0.5">
      {projects.map((project) => (
        <li key={project.id}>
          <SidebarLink
            href={`/workspace/projects/${project.id}`}
            icon={<Icon className="size-4" aria-hidden />}
            testId={archived ? "sidebar-archived-project" : "sidebar-project"}
          >
            {project.name}
          </SidebarLink>
        </li>
      ))}
    </ul>
  );
}

export function SidebarProjects() {
  const t = useTranslations("workspace");
  const { data: projects, isPending, isError } = useProjects();
  const active = projects?.filter((p) => p.status === "active") ?? [];
  const archived = projects?.filter((p) => p.status === "archived") ?? [];

  // The group opens by itself when the page shown is an archived project (just archived, or
  // opened from a link), so the current project never hides in a closed group.
  const pathname = usePathname();
  const showingArchived = archived.some((p) => pathname === `/workspace/projects/${p.id}`);
  const [archivedOpen, setArchivedOpen] = useState(showingArchived);
  const [wasShowingArchived, setWasShowingArchived] = useState(showingArchived);
  if (showingArchived !== wasShowingArchived) {
    setWasShowingArchived(showingArchived);
    if (showingArchived) setArchivedOpen(true);
  }

  return (
    <SidebarSection
      title={t("projects")}
      action={
        <NewProjectDialog>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label={t("newProject")}
            data-testid="sidebar-new-project"
          >
            <Plus className="size-4" aria-hidden />
          </Button>
        </NewProjectDialog>
      }
    >
      {isPending ? (
        <SidebarSkeleton />
      ) : isError ? (
        <p className="px-2 text-sm text-red-600 dark:text-red-400">{t("projectsLoadFailed")}</p>
      ) : (
        <div data-testid="sidebar-projects">
          {active.length === 0 ? (
            <p className="px-2 text-sm text-zinc-500 dark:text-zinc-400">{t("noActiveProjects")}</p>
          ) : null}
          <ProjectLinks projects={active} archived={false} />
          {archived.length > 0 ? (
            <Collapsible.Root className="mt-1" open={archivedOpen} onOpenChange={setArchivedOpen}>
              <Collapsible.Trigger
                className="group flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-zinc-500 hover:bg-zinc-200/60 dark:text-zinc-400 dark:hover:bg-zinc-800/70"
                data-testid="sidebar-archived-toggle"
              >
                <ChevronRight className="size-4 transition-transform group-data-[state=open]:rotate-90" aria-hidden />
                {t("archivedGroup", { count: archived.length })}
              </Collapsible.Trigger>
              <Collapsible.Content className="pl-3">
                <ProjectLinks projects={archived} archived />
              </Collapsible.Content>
            </Collapsible.Root>
          ) : null}
        </div>
      )}
      {/* Deleted projects leave their documents here, so the way back sits with the projects. */}
      <div className="mt-1">
        <SidebarLink href="/workspace/trash" icon={<Trash2 className="size-4" aria-hidden />} testId="sidebar-trash">
          {t("trash")}
        </SidebarLink>
      </div>
    </SidebarSection>
  );
}
