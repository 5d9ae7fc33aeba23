"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Project } from "@/lib/client/api";
import { useDeleteProject } from "@/lib/client/mutations";
import { useConfig } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { SettingsCard } from "./settings-card";

export function DeleteProjectSection({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const tc = useTranslations("common");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const retentionDays = useConfig().data?.trashRetentionDays ?? 0;
  const deleteProject = useDeleteProject(project.id);
  const [open, setOpen] = useState(false);

  function confirm() {
    deleteProject.mutate(undefined, {
      onSuccess: (result) => {
        setOpen(false);
        router.push("/workspace");
        toast.success(t("deletedToast", { name: project.name }), {
          description: t("deletedCounts", { chats: result.unlinkedThreads, documents: result.trashedDocuments }),
        });
      },
      onError: (error) => toast.error(t("deleteFailed"), { description: errorMessage(error) }),
    });
  }

  return (
    <SettingsCard title={t("deleteTitle")} description={t("deleteDescription")} tone="danger">
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="danger" data-testid="delete-project">
            <Trash2 className="size-4" aria-hidden />
            {t("delete")}
          </Button>
        }
        title={t("deleteConfirmTitle", { name: project.name })}
        description={
          <>
            <p>{t("deleteConfirmChats", { count: project.threadCount })}</p>
            <p>{t("deleteConfirmDocuments", { days: retentionDays })}</p>
          </>
        }
        confirmLabel={deleteProject.isPending ? t("deleting") : t("deleteConfirm")}
        cancelLabel={tc("cancel")}
        pending={deleteProject.isPending}
        destructive
        onConfirm={confirm}
        testId="delete-project-dialog"
      />
    </SettingsCard>
  );
}
