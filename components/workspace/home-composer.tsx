"use client";

import { ArrowUp } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { toast } from "sonner";
import { stashFirstMessage } from "@/components/chat/first-message";
import { Button } from "@/components/ui/button";
import { useCreateThread } from "@/lib/client/mutations";
import { useProjects } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";

/** Ask straight from the home page: a new chat (in a chosen project, or none) opens with the message sent. */
export function HomeComposer() {
  const t = useTranslations("workspace");
  const id = useId();
  const router = useRouter();
  const errorMessage = useErrorMessage();
  const createThread = useCreateThread();
  const projects = useProjects().data?.filter((project) => project.status === "active") ?? [];
  const [text, setText] = useState("");
  const [projectId, setProjectId] = useState("");
  const canSend = text.trim().length > 0 && !createThread.isPending;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    createThread.mutate(projectId || null, {
      onSuccess: (thread) => {
        stashFirstMessage(thread.id, text.trim());
        router.push(`/workspace/chats/${thread.id}`);
      },
      onError: (error) => toast.error(t("newChatFailed"), { description: errorMessage(error) }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      onSubmit={submit}
      className="mt-6 rounded-2xl border border-zinc-300 bg-white p-3 shadow-xs focus-within:border-indigo-500 dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="home-composer"
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {t("homeComposerLabel")}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder={t("homeComposerPlaceholder")}
        className="block w-full resize-none bg-transparent px-1 text-[0.95rem] leading-6 text-zinc-900 placeholder:text-zinc-500 focus:outline-none dark:text-zinc-100 dark:placeholder:text-zinc-400"
        data-testid="home-composer-input"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-w-0 items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          {t("homeComposerProject")}
          <select
            value={projectId}
            onChange={(event) => setProjectId(event.target.value)}
            className="min-w-0 max-w-56 truncate rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            data-testid="home-composer-project"
          >
            <option value="">{t("homeComposerNoProject")}</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="primary" size="sm" disabled={!canSend} data-testid="home-composer-send">
          <ArrowUp className="size-4" aria-hidden />
          {t("homeComposerSend")}
        </Button>
      </div>
    </form>
  );
}
