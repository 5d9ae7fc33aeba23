"use client";

import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Thread } from "@/lib/client/api";
import { useDeleteThread } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { useThreadTitle } from "./use-thread-title";

export function DeleteThreadButton({ thread }: { thread: Thread }) {
  const t = useTranslations("threads");
  const tc = useTranslations("common");
  const router = useRouter();
  const threadTitle = useThreadTitle();
  const errorMessage = useErrorMessage();
  const deleteThread = useDeleteThread(thread.id);
  const [open, setOpen] = useState(false);

  function confirm() {
    deleteThread.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t("deleted"));
        // Back to where the chat lived, so the next step is one click away.
        router.push(thread.projectId ? `/workspace/projects/${thread.projectId}` : "/workspace");
      },
      onError: (error) => toast.error(t("deleteFailed"), { description: errorMessage(error) }),
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="sm" data-testid="delete-thread">
          <Trash2 className="size-4" aria-hidden />
          {t("delete")}
        </Button>
      }
      title={t("deleteConfirmTitle", { title: threadTitle(thread) })}
      description={<p>{t("deleteConfirmBody")}</p>}
      confirmLabel={t("deleteConfirm")}
      cancelLabel={tc("cancel")}
      pending={deleteThread.isPending}
      destructive
      onConfirm={confirm}
      testId="delete-thread-dialog"
    />
  );
}
