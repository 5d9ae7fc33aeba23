"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Thread } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

/**
 * The server titles a chat in the background a moment after its first exchange, so one
 * refetch at the end of the run is usually too early: look again twice more while the chat
 * is still untitled. Outputs the agent wrote and the lists' order change with every run, and
 * a run may have learned that its model refuses tools (the picker marks it).
 */
const TITLE_RETRY_DELAYS_MS = [1500, 4000];

export function useRefreshAfterRun(threadId: string): () => void {
  const queryClient = useQueryClient();
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  return () => {
    const untitled = () => !queryClient.getQueryData<Thread>(queryKeys.thread(threadId))?.title.trim();
    const refreshThread = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.thread(threadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.threadLists }),
      ]);
    void refreshThread();
    void queryClient.invalidateQueries({ queryKey: queryKeys.threadFiles(threadId) });
    // A run may have folded older turns into the conversation summary.
    void queryClient.invalidateQueries({ queryKey: queryKeys.threadSummary(threadId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.models });
    if (!untitled()) return;
    for (const delay of TITLE_RETRY_DELAYS_MS) {
      timers.current.push(
        setTimeout(() => {
          if (untitled()) void refreshThread();
        }, delay),
      );
    }
  };
}
