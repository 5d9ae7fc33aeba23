"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ThreadMessage } from "@/lib/thread-messages/thread-message";
import { api } from "@/lib/client/api";
import type { UploadQueue } from "./use-upload-queue";
import { queryKeys } from "@/lib/client/query-keys";

/**
 * Files that reached the thread's uploads without this composer (attached from a project's
 * shelf, or uploaded before a reload) and that no sent message refers to yet: they are
 * waiting for the next message, so they show as chips. Read once when the chat opens.
 */
export function usePendingUploads({
  threadId,
  history,
  uploads,
}: {
  threadId: string;
  history: ThreadMessage[];
  uploads: UploadQueue;
}) {
  const queryClient = useQueryClient();
  const adopt = useRef(uploads.adopt);
  const sent = useRef(history);
  useEffect(() => {
    adopt.current = uploads.adopt;
  });

  useEffect(() => {
    let cancelled = false;
    const referenced = new Set(
      sent.current.flatMap((message) => message.metadata?.attachments?.map((file) => file.filename) ?? []),
    );
    queryClient
      // Always fresh: a document may have been attached a moment ago from another page.
      .fetchQuery({
        queryKey: queryKeys.threadUploads(threadId),
        queryFn: () => api.threadUploads(threadId),
        staleTime: 0,
      })
      .then((files) => {
        if (!cancelled) adopt.current(files.filter((file) => !referenced.has(file.filename)));
      })
      // Without the list the composer simply shows no earlier chips; sending still works.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [queryClient, threadId]);
}
