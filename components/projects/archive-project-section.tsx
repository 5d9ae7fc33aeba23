"use client";

import { Archive, ArchiveRestore } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import type { Project } from "@/lib/client/api";
import { useSetProjectArchived } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { SettingsCard } from "./settings-card";

export function ArchiveProjectSection({ project }: { project: Project }) {
  const t = useTranslations("projects");
  const errorMessage = useErrorMessage();
  const setArchived = useSetProjectArchived(project.id);
  const archived = project.status === "archived";

  function toggle() {
    setArchived.mutate(!archived, {
      onSuccess: (updated) => toast.success(updated.status === "archived" ? t("archivedToast") : t("unarchivedToast")),
      onError: (error) => toast.error(t("archiveFailed"), { description: errorMessage(error) }),
    });
  }

  return (
    <SettingsCard
      title={archived ? t("unarchiveTitle") : t("archiveTitle")}
      description={archived ? t("unarchiveDescription") : t("archiveDescription")}
    >
      <Button
        onClick={toggle}
        disabled={setArchived.isPending}
        data-testid={archived ? "unarchive-project" : "archive-project"}
      >
        {archived ? <ArchiveRestore className="size-4" aria-hidden /> : <Archive className="size-4" aria-hidden />}
        {archived ? t("unarchive") : t("archive")}
      </Button>
    </SettingsCard>
  );
}
