"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMarkdownReady } from "@/components/markdown/markdown";
import { Button } from "@/components/ui/button";
import { useConfig } from "@/lib/client/queries";
import { useErrorMessage } from "@/lib/client/use-error-message";
import { loadOpeningHistory } from "@/lib/client/load-opening-history";
import { ChatSession } from "./chat-session";
import { FilePreviewProvider } from "./file-preview-provider";
import { queryKeys } from "@/lib/client/query-keys";

/** Mirrors the server's default (UPLOAD_MAX_BYTES) for the instant before config is known. */
const DEFAULT_UPLOAD_MAX_BYTES = 52_428_800;

function ChatSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 space-y-6 px-6 py-8" aria-hidden data-testid="chat-loading">
      <div className="ml-auto h-10 w-1/2 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800" />
      <div className="h-24 w-5/6 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-800" />
    </div>
  );
}

/**
 * The conversation area of a thread page: loads the saved history once (with the run still
 * writing a reply, if any, for the session to follow), then hands it to the live session.
 * The history is read only to seed useChat, so it is never refetched underneath a running
 * conversation.
 */
export function ChatPanel({ threadId }: { threadId: string }) {
  const t = useTranslations("chat");
  const errorMessage = useErrorMessage();
  const { data: config } = useConfig();
  // The renderer's chunk loads alongside the history, so answers never show raw Markdown first.
  const markdownReady = useMarkdownReady();
  const history = useQuery({
    queryKey: queryKeys.threadMessages(threadId),
    queryFn: () => loadOpeningHistory(threadId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (history.isPending || (!markdownReady && !history.isError)) return <ChatSkeleton />;
  if (history.isError)
    return (
      <div
        role="alert"
        className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
        data-testid="chat-load-error"
      >
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t("historyLoadFailed")} {errorMessage(history.error)}
        </p>
        <Button size="sm" onClick={() => void history.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  return (
    <FilePreviewProvider key={threadId} threadId={threadId}>
      <ChatSession
        threadId={threadId}
        initialMessages={history.data.messages}
        activeRunId={history.data.activeRunId}
        model={config?.model ?? { configured: true, name: null }}
        uploadMaxBytes={config?.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES}
      />
    </FilePreviewProvider>
  );
}
