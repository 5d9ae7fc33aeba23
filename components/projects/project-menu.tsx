"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { GitFork, Merge, MoreHorizontal } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { menuContentClass, menuItemClass } from "@/components/ui/menu";
import type { Project } from "@/lib/client/api";

// The dialogs load when first opened: the project page ships only what its header needs.
const ForkProjectDialog = dynamic(() => import("./fork-project-dialog").then((module) => module.ForkProjectDialog));
const MergeProjectDialog = dynamic(() => import("./merge-project-dialog").then((module) => module.MergeProjectDialog));

/**
 * The project's own actions beside its name: fork it, or merge it into another project. An
 * archived project can be forked (the fork is active) but not merged: unarchive it first.
 */
export function ProjectMenu({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const [open, setOpen] = useState<"fork" | "merge" | null>(null);
  const archived = project.status === "archived";
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("projectMenu", { name: project.name })}
            data-testid="project-menu-trigger"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass} data-testid="project-menu">
            <DropdownMenu.Item className={menuItemClass} onSelect={() => setOpen("fork")} data-testid="project-fork">
              <GitFork className="size-4 shrink-0 text-zinc-500" aria-hidden />
              {t("fork")}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={menuItemClass}
              disabled={archived}
              onSelect={() => setOpen("merge")}
              data-testid="project-merge"
            >
              <Merge className="size-4 shrink-0 text-zinc-500" aria-hidden />
              <span className="flex flex-col">
                {t("merge")}
                {archived ? <span className="text-xs text-zinc-500">{t("mergeArchivedNote")}</span> : null}
              </span>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {open === "fork" ? <ForkProjectDialog project={project} onClose={() => setOpen(null)} /> : null}
      {open === "merge" ? <MergeProjectDialog project={project} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
