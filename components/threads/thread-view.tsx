"use client";

import { ChatPanel } from "@/components/chat/chat-panel";
import { ContextButton } from "@/components/context/context-button";
import { ScopeButton } from "@/components/scope/scope-button";
import { ChatProjectProvider } from "@/components/memory/chat-project";
import type { Thread } from "@/lib/client/api";
import { useThread } from "@/lib/client/queries";
import { DeleteThreadButton } from "./delete-thread-button";
import { MoveThreadMenu } from "./move-thread-menu";
import { ThreadProjectBadge } from "./thread-project-badge";
import { ThreadTitleEditor } from "./thread-title-editor";

/** The chat page: a header of chat-level actions above the conversation area. */
export function ThreadView({ initialThread }: { initialThread: Thread }) {
  const { data: thread } = useThread(initialThread.id, initialThread);
  return (
    <div className="flex h-full flex-col">
      {/* On a phone the title takes the whole first line, so it never shrinks to nothing beside the actions. */}
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 px-4 py-3 sm:px-6 dark:border-zinc-800">
        <div className="flex min-w-0 basis-full flex-wrap items-center gap-x-3 gap-y-1 sm:basis-0 sm:flex-1">
          <ThreadTitleEditor thread={thread} />
          <ThreadProjectBadge projectId={thread.projectId} />
        </div>
        <div className="flex items-center gap-2">
          {thread.projectId ? <ScopeButton threadId={thread.id} projectId={thread.projectId} /> : null}
          {thread.projectId ? <ContextButton threadId={thread.id} /> : null}
          <MoveThreadMenu thread={thread} variant="button" />
          <DeleteThreadButton thread={thread} />
        </div>
      </header>
      <ChatProjectProvider projectId={thread.projectId}>
        <ChatPanel threadId={thread.id} />
      </ChatProjectProvider>
    </div>
  );
}
