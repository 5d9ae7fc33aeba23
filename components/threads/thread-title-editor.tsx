"use client";

import { Check, Pencil, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/text-field";
import type { Thread } from "@/lib/client/api";
import { useRenameThread } from "@/lib/client/mutations";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { THREAD_TITLE_MAX_CHARS } from "@/lib/threads/thread-title-limit";
import { useThreadTitle } from "./use-thread-title";

/** The chat's title, renamed in place: Enter saves, Escape cancels. */
export function ThreadTitleEditor({ thread }: { thread: Thread }) {
  const t = useTranslations("threads");
  const tc = useTranslations("common");
  const threadTitle = useThreadTitle();
  const errorMessage = useErrorMessage();
  const rename = useRenameThread(thread.id);
  const [draft, setDraft] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null) return;
    if (draft.trim() === thread.title) {
      setDraft(null);
      return;
    }
    rename.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        toast.success(t("renamed"));
      },
      onError: (error) => toast.error(t("renameFailed"), { description: errorMessage(error) }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape") setDraft(null);
  }

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <h1
          className="line-clamp-2 break-words text-base font-semibold text-zinc-900 dark:text-zinc-50"
          data-testid="thread-title"
        >
          {threadTitle(thread)}
        </h1>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("rename")}
          onClick={() => setDraft(thread.title)}
          data-testid="thread-rename"
        >
          <Pencil className="size-3.5" aria-hidden />
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} className="flex min-w-0 flex-1 items-center gap-1">
      <input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={THREAD_TITLE_MAX_CHARS}
        aria-label={t("titleLabel")}
        placeholder={t("untitled")}
        autoFocus
        className={`${inputClass} max-w-md py-1.5`}
        data-testid="thread-title-input"
      />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        aria-label={tc("save")}
        disabled={rename.isPending}
        data-testid="thread-title-save"
      >
        <Check className="size-4" aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={tc("cancel")} onClick={() => setDraft(null)}>
        <X className="size-4" aria-hidden />
      </Button>
    </form>
  );
}
