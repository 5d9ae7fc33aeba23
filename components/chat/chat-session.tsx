"use client";

import { useChat } from "@ai-sdk/react";
import { generateId } from "ai";
import { FolderOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { useThreadSummary, useModels } from "@/lib/client/queries";
import { formatByteSize } from "@/lib/text/format-byte-size";
import { ActionTransport } from "./action-transport";
import { ChatEmptyState } from "./chat-empty-state";
import { ChatErrorBanner } from "./chat-error-banner";
import { ChatStatusAnnouncer, type RunOutcome } from "./chat-status-announcer";
import { Composer } from "./composer";
import { FilesPanel } from "./files-panel";
import { takeFirstMessage } from "./first-message";
import { MessageList } from "./message-list";
import { ModelPicker } from "./model-picker";
import { ModelSetupNotice } from "./model-setup-notice";
import { PageDropZone } from "@/components/files/page-drop-zone";
import { useScopeHashPicker } from "@/components/scope/use-scope-hash-picker";
import { useChatProjectId } from "@/components/memory/chat-project";
import { RunStartError } from "./run-start-error";
import { SummarisingNotice } from "./summarising-notice";
import { usePendingUploads } from "./use-pending-uploads";
import { useRefreshAfterRun } from "./use-refresh-after-run";
import { useRunErrorText } from "./use-run-error-text";
import { useRunsElsewhere } from "./use-runs-elsewhere";
import { useUploadQueue, type UploadItem } from "./use-upload-queue";

/** What the last request changed locally, so a refusal to start can be undone exactly. */
type PendingRequest =
  | { kind: "submit"; messageId: string; text: string; uploads: UploadItem[] }
  | { kind: "regenerate"; messages: ThreadMessage[] };

/**
 * One thread's live conversation: useChat over the server actions, the composer with its
 * uploads, and the files panel. Mounted per thread (keyed by the caller). Opened while a
 * reply is being written (a reload, another tab, another instance), it follows that reply
 * to its end, with Stop.
 */
export function ChatSession({
  threadId,
  initialMessages,
  activeRunId = null,
  model,
  uploadMaxBytes,
}: {
  threadId: string;
  initialMessages: ThreadMessage[];
  /** The run writing a reply when the history was read (lib/client/load-opening-history.ts). */
  activeRunId?: string | null;
  model: { configured: boolean; name: string | null };
  uploadMaxBytes: number;
}) {
  const t = useTranslations("chat");
  const filesPanelId = useId();
  const [transport] = useState(() => new ActionTransport(threadId, activeRunId));
  const [firstMessage] = useState(() => takeFirstMessage(threadId));
  const [draft, setDraft] = useState(() => (firstMessage !== null && !model.configured ? firstMessage : ""));
  const [outcome, setOutcome] = useState<RunOutcome>(null);
  const hashPicker = useScopeHashPicker({ threadId, projectId: useChatProjectId(), draft, onDraftChange: setDraft });
  const [filesOpen, setFilesOpen] = useState(false);
  const [summarising, setSummarising] = useState(false);
  /** A message refused because a reply started elsewhere was running, which the page now shows. */
  const [sentWhileElsewhere, setSentWhileElsewhere] = useState(false);
  const pending = useRef<PendingRequest | null>(null);
  const stopRequested = useRef(false);
  const uploads = useUploadQueue({ threadId, maxBytes: uploadMaxBytes });
  usePendingUploads({ threadId, history: initialMessages, uploads });
  const refreshAfterRun = useRefreshAfterRun(threadId);
  const errorText = useRunErrorText();
  const summary = useThreadSummary(threadId);

  const chat = useChat<ThreadMessage>({
    id: threadId,
    messages: initialMessages,
    transport,
    // Follows the reply in progress once, on mount (ActionTransport.reconnectToStream).
    resume: activeRunId !== null,
    onData: (part) => {
      if (part.type === "data-summarising") setSummarising(true);
    },
    onFinish: ({ isAbort, isError }) => {
      setSummarising(false);
      setOutcome(isAbort || stopRequested.current ? "stopped" : isError ? "failed" : "done");
      stopRequested.current = false;
      refreshAfterRun();
    },
    onError: (error) => {
      // Refused before anything was saved (a reply already running, no model): put the
      // conversation and the composer back as they were, so nothing is lost or duplicated.
      const request = pending.current;
      if (!(error instanceof RunStartError) || !request) return;
      if (request.kind === "submit") {
        chat.setMessages((messages) => messages.filter((message) => message.id !== request.messageId));
        setDraft((current) => (current.trim() ? current : request.text));
        uploads.restore(request.uploads);
      } else chat.setMessages(request.messages);
      // Refused because a reply is running that this page does not show (another tab, the
      // API): show it, live, instead of only saying so. The message waits in the composer.
      if (error.code === "conflict")
        void elsewhere.look({ refused: true }).then((found) => {
          if (found === "following") setSentWhileElsewhere(request.kind === "submit");
        });
    },
  });
  const elsewhere = useRunsElsewhere({ threadId, chat, transport, onUpdated: refreshAfterRun });

  const busy = chat.status === "submitted" || chat.status === "streaming";
  // MODEL_ENDPOINTS alone is enough to chat: the picker then chooses among their models.
  const models = useModels();
  const composerDisabled = !model.configured && !models.data?.models.length;
  const lastMessage = chat.messages.at(-1);
  const answering = lastMessage?.role === "assistant" && lastMessage.parts.some((part) => part.type !== "step-start");

  // A message written on the workspace home (first-message.ts): sent once, as if typed here;
  // without a model it waits in the composer instead (see the draft's initial value).
  const firstMessageSent = useRef(false);
  useEffect(() => {
    if (firstMessage === null || !model.configured || firstMessageSent.current) return;
    firstMessageSent.current = true;
    pending.current = { kind: "submit", messageId: generateId(), text: firstMessage, uploads: [] };
    void chat.sendMessage({
      id: pending.current.messageId,
      role: "user",
      parts: [{ type: "text", text: firstMessage }],
      metadata: {},
    });
    // Once per mounted chat: the stash was removed when it was read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstMessage]);

  function send() {
    const text = draft.trim();
    if (!text || busy) return;
    const sent = uploads.takeFinished();
    const attachments = sent.flatMap(({ threadFile: file }) =>
      file
        ? [
            {
              filename: file.filename,
              sizeBytes: file.sizeBytes,
              virtualPath: file.virtualPath,
              ...(file.image ? { image: file.image } : {}),
            },
          ]
        : [],
    );
    const messageId = generateId();
    pending.current = { kind: "submit", messageId, text: draft, uploads: sent };
    setDraft("");
    setOutcome(null);
    setSentWhileElsewhere(false);
    void chat.sendMessage({
      id: messageId,
      role: "user",
      parts: [{ type: "text", text }],
      metadata: attachments.length ? { attachments } : {},
    });
  }

  function stop() {
    stopRequested.current = true;
    transport.stop();
  }

  function regenerate() {
    if (busy) return;
    pending.current = { kind: "regenerate", messages: chat.messages };
    setOutcome(null);
    setSentWhileElsewhere(false);
    void chat.regenerate();
  }

  const error = chat.error;
  return (
    <div className="relative flex min-h-0 flex-1" data-testid="chat-panel">
      <div className="flex min-w-0 flex-1 flex-col">
        {/* In the flow on narrow screens, where floating would cover the text; floating beside the centred column on wide ones. */}
        <div className="flex justify-end px-4 pt-2 xl:pointer-events-none xl:absolute xl:right-6 xl:top-3 xl:z-10 xl:p-0">
          {filesOpen ? null : (
            <Button
              size="sm"
              variant="secondary"
              className="pointer-events-auto shadow-sm"
              onClick={() => setFilesOpen(true)}
              aria-expanded={filesOpen}
              aria-controls={filesPanelId}
              data-testid="files-toggle"
            >
              <FolderOpen className="size-4" aria-hidden />
              {t("filesButton")}
            </Button>
          )}
        </div>
        <MessageList
          messages={chat.messages}
          status={chat.status}
          onRegenerate={regenerate}
          empty={<ChatEmptyState />}
          summary={summary.data}
        >
          {summarising && busy && !answering ? <SummarisingNotice /> : null}
        </MessageList>
        <div className="mx-auto w-full max-w-3xl space-y-2 px-4 pb-4 sm:px-6">
          {error ? (
            <ChatErrorBanner
              message={errorText(error)}
              onRetry={error instanceof RunStartError || chat.messages.length === 0 ? undefined : regenerate}
              onDismiss={chat.clearError}
            />
          ) : null}
          {sentWhileElsewhere && !error ? (
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="chat-elsewhere-note">
              {t("sentWhileElsewhere")}
            </p>
          ) : null}
          {composerDisabled ? <ModelSetupNotice /> : null}
          <Composer
            draft={draft}
            onDraftChange={setDraft}
            onSend={send}
            onStop={stop}
            busy={busy}
            disabled={composerDisabled}
            uploads={uploads}
            maxBytes={uploadMaxBytes}
            modelPicker={composerDisabled ? null : <ModelPicker threadId={threadId} />}
            hashPicker={hashPicker}
          />
          {composerDisabled ? null : (
            <p className="text-center text-xs text-zinc-600 dark:text-zinc-400" data-testid="chat-model-caption">
              {t("answersCanBeWrong")}
            </p>
          )}
        </div>
        <ChatStatusAnnouncer status={chat.status} outcome={outcome} />
      </div>
      {filesOpen ? <FilesPanel threadId={threadId} id={filesPanelId} onClose={() => setFilesOpen(false)} /> : null}
      <PageDropZone
        enabled={!composerDisabled}
        title={t("dropFiles")}
        hint={t("dropFilesHint", { limit: formatByteSize(uploadMaxBytes) })}
        onFiles={uploads.add}
      />
    </div>
  );
}
