"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { chatKeys } from "./chat-query-keys";

/** The thread's uploads and the agent's outputs, for the files panel. */
export function useThreadFiles(threadId: string, enabled = true) {
  const uploads = useQuery({ queryKey: chatKeys.uploads(threadId), queryFn: () => api.threadUploads(threadId), enabled });
  const outputs = useQuery({ queryKey: chatKeys.outputs(threadId), queryFn: () => api.threadOutputs(threadId), enabled });
  return { uploads, outputs };
}
