"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { Gauge } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import { useThreadContext } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { ContextHistory } from "./context-history";
import { ContextReport } from "./context-report";

/** The chat header's "Context" button: what the agent receives on this chat's next run. */
export function ContextButton({ threadId }: { threadId: string }) {
  const t = useTranslations("context");
  const tc = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const context = useThreadContext(threadId, open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" data-testid="context-button">
          <Gauge className="size-4" aria-hidden />
          {t("button")}
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={t("title")} description={t("description")} closeLabel={tc("close")} testId="context-dialog">
        {context.isPending ? (
          <div className="h-32 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-label={t("loading")} />
        ) : context.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t("loadFailed")} {errorMessage(context.error)}
          </p>
        ) : (
          <div className="space-y-4">
            {context.data.project === null ? (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("noProject")}</p>
            ) : (
              <ContextReport context={context.data} />
            )}
            <ContextHistory history={context.data.history} />
          </div>
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}
