"use client";

import * as Dialog from "@radix-ui/react-dialog";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ChatPicker } from "@/components/threads/chat-picker";
import { useThreadTitle } from "@/components/threads/use-thread-title";
import { buttonClass } from "@/components/ui/button";
import { DialogPanel } from "@/components/ui/dialog";
import type { ProjectDocument, Thread } from "@/lib/client/api";
import { useAttachDocumentToThread } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";

/**
 * "Attach to chat": pick one of the user's chats and a copy of the document goes into its
 * uploads, where the chat's composer shows it as an attachment of the next message.
 */
export function AttachToChatDialog({ document, onClose }: { document: ProjectDocument | null; onClose: () => void }) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const threadTitle = useThreadTitle();
  const errorMessage = useErrorMessage();
  const attach = useAttachDocumentToThread();

  function pick(thread: Thread) {
    if (!document || attach.isPending) return;
    attach.mutate(
      { document, threadId: thread.id },
      {
        onSuccess: (file) => {
          onClose();
          toast.success(t("attached", { name: file.filename, chat: threadTitle(thread) }), {
            // Long enough to reach for the link.
            duration: 10_000,
            action: (
              <Link
                href={`/workspace/chats/${thread.id}`}
                className={buttonClass({ size: "sm", className: "ml-auto" })}
                data-testid="attach-open-chat"
              >
                {t("openChat")}
              </Link>
            ),
          });
        },
        onError: (error) =>
          toast.error(t("attachFailed", { name: document.name }), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog.Root open={document !== null} onOpenChange={(open) => !open && !attach.isPending && onClose()}>
      <DialogPanel
        title={t("attachTitle", { name: document?.name ?? "" })}
        description={t("attachDescription")}
        closeLabel={tc("close")}
        testId="attach-to-chat-dialog"
      >
        <ChatPicker onPick={pick} busyThreadId={attach.isPending ? (attach.variables?.threadId ?? null) : null} />
      </DialogPanel>
    </Dialog.Root>
  );
}
