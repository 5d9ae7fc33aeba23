"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Folder, FolderInput, FolderMinus } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { menuContentClass, menuItemClass, menuLabelClass, menuSeparatorClass } from "@/components/ui/menu";
import type { Thread } from "@/lib/client/api";
import { useMoveThread } from "@/lib/client/mutations";
import { useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { useThreadTitle } from "./use-thread-title";

/**
 * Moves a chat into another active project or out of its project. Archived projects are not
 * offered: the server refuses to move chats into them.
 */
export function MoveThreadMenu({ thread, variant = "icon" }: { thread: Thread; variant?: "icon" | "button" }) {
  const t = useTranslations("threads");
  const threadTitle = useThreadTitle();
  const errorMessage = useErrorMessage();
  const { data: projects } = useProjects();
  const move = useMoveThread();
  const targets = projects?.filter((p) => p.status === "active" && p.id !== thread.projectId) ?? [];

  function moveTo(projectId: string | null, projectName?: string) {
    move.mutate(
      { threadId: thread.id, projectId },
      {
        onSuccess: () => toast.success(projectName ? t("movedTo", { name: projectName }) : t("removedFromProject")),
        onError: (error) => toast.error(t("moveFailed"), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant={variant === "icon" ? "ghost" : "secondary"}
          size={variant === "icon" ? "icon" : "sm"}
          disabled={move.isPending}
          aria-label={variant === "icon" ? t("moveChatNamed", { title: threadTitle(thread) }) : undefined}
          data-testid="move-thread-trigger"
        >
          <FolderInput className="size-4" aria-hidden />
          {variant === "button" ? t("move") : null}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={`${menuContentClass} max-w-72`}
          data-testid="move-thread-menu"
        >
          <DropdownMenu.Label className={menuLabelClass}>{t("moveToProject")}</DropdownMenu.Label>
          {targets.length === 0 ? (
            <DropdownMenu.Item disabled className={menuItemClass}>
              {t("noOtherProjects")}
            </DropdownMenu.Item>
          ) : (
            targets.map((project) => (
              <DropdownMenu.Item
                key={project.id}
                className={menuItemClass}
                onSelect={() => moveTo(project.id, project.name)}
                data-testid="move-thread-target"
              >
                <Folder className="size-4 shrink-0 text-zinc-400" aria-hidden />
                <span className="truncate">{project.name}</span>
              </DropdownMenu.Item>
            ))
          )}
          {thread.projectId ? (
            <>
              <DropdownMenu.Separator className={menuSeparatorClass} />
              <DropdownMenu.Item className={menuItemClass} onSelect={() => moveTo(null)} data-testid="move-thread-out">
                <FolderMinus className="size-4 shrink-0 text-zinc-400" aria-hidden />
                {t("removeFromProject")}
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
