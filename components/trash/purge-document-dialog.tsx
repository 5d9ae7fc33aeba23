"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TrashedDocument } from "@/lib/client/api";
import { usePurgeDocument } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { isRetryable } from "./retryable";

/**
 * "Delete permanently", confirmed. When the server could not remove the file it keeps the row
 * and says the purge can be retried: the dialog stays open and offers exactly that.
 */
export function PurgeDocumentDialog({ document, onClose }: { document: TrashedDocument | null; onClose: () => void }) {
  const t = useTranslations("trash");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const purge = usePurgeDocument();
  const retry = purge.isError && isRetryable(purge.error);

  function close() {
    purge.reset();
    onClose();
  }

  function confirm() {
    if (!document) return;
    purge.mutate(document.id, {
      onSuccess: () => {
        close();
        toast.success(t("purged", { name: document.name }));
      },
      onError: (error) => {
        if (isRetryable(error)) return;
        close();
        toast.error(t("purgeFailed", { name: document.name }), { description: errorMessage(error) });
      },
    });
  }

  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => !open && close()}
      title={t("purgeTitle", { name: document?.name ?? "" })}
      description={
        <>
          <p>{t("purgeBody")}</p>
          {retry ? (
            <p role="alert" className="text-red-600 dark:text-red-400" data-testid="purge-document-retry">
              {t("purgeRetry")}
            </p>
          ) : null}
        </>
      }
      confirmLabel={purge.isPending ? t("purging") : retry ? t("tryAgain") : t("purgeConfirm")}
      cancelLabel={tc("cancel")}
      pending={purge.isPending}
      destructive
      onConfirm={confirm}
      testId="purge-document-dialog"
    />
  );
}
