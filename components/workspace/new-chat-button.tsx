"use client";

import { SquarePen } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useCreateThread } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** Starts an unassigned chat and opens it. */
export function NewChatButton() {
  const t = useTranslations("workspace");
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const createThread = useCreateThread();
  return (
    <Button
      className="w-full justify-start"
      disabled={createThread.isPending}
      data-testid="new-chat"
      onClick={() =>
        createThread.mutate(null, {
          onSuccess: (thread) => router.push(`/workspace/chats/${thread.id}`),
          onError: (error) => toast.error(t("newChatFailed"), { description: errorMessage(error) }),
        })
      }
    >
      <SquarePen className="size-4" aria-hidden />
      {t("newChat")}
    </Button>
  );
}
