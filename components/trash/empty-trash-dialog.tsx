"use client";

import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useEmptyTrash } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { isRetryable } from "./retryable";

/** "Empty trash": every trashed document of the user, whatever its age, after a confirmation. */
export function EmptyTrashDialog({ count }: { count: number }) {
  const t = useTranslations("trash");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const empty = useEmptyTrash();
  const [open, setOpen] = useState(false);
  const retry = empty.isError && isRetryable(empty.error);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) empty.reset();
  }

  function confirm() {
    empty.mutate(undefined, {
      onSuccess: ({ purged }) => {
        onOpenChange(false);
        toast.success(t("emptied", { count: purged }));
      },
      onError: (error) => {
        if (isRetryable(error)) return;
        onOpenChange(false);
        toast.error(t("emptyFailed"), { description: errorMessage(error) });
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="danger" data-testid="empty-trash">
          <Trash2 className="size-4" aria-hidden />
          {t("emptyTrash")}
        </Button>
      }
      title={t("emptyTrashTitle")}
      description={
        <>
          <p>{t("emptyTrashBody", { count })}</p>
          {retry ? (
            <p role="alert" className="text-red-600 dark:text-red-400" data-testid="empty-trash-retry">
              {t("emptyRetry")}
            </p>
          ) : null}
        </>
      }
      confirmLabel={empty.isPending ? t("emptying") : retry ? t("tryAgain") : t("emptyTrashConfirm")}
      cancelLabel={tc("cancel")}
      pending={empty.isPending}
      destructive
      onConfirm={confirm}
      testId="empty-trash-dialog"
    />
  );
}
