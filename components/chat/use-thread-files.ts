"use client";

import { useQuery } from "@tanstack/react-query";
import { chatApi } from "./chat-api";
import { chatKeys } from "./chat-query-keys";

/** The thread's uploads and the agent's outputs, for the files panel. */
export function useThreadFiles(threadId: string, enabled = true) {
  const uploads = useQuery({ queryKey: chatKeys.uploads(threadId), queryFn: () => chatApi.uploads(threadId), enabled });
  const outputs = useQuery({ queryKey: chatKeys.outputs(threadId), queryFn: () => chatApi.outputs(threadId), enabled });
  return { uploads, outputs };
}
