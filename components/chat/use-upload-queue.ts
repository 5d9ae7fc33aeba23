"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { toast } from "sonner";
import { api, type ThreadFile } from "@/lib/client/api";
import { uploadManager, type Upload } from "@/lib/client/upload-manager";
import { queryKeys } from "@/lib/client/query-keys";
import { useUploads } from "@/lib/client/use-uploads";

export type UploadItem = Upload;

export interface UploadQueue {
  items: UploadItem[];
  isUploading: boolean;
  add: (files: File[]) => void;
  remove: (id: string) => void;
  /** Hands the finished uploads to a message being sent and clears their chips. */
  takeFinished: () => UploadItem[];
  /** Puts chips back when the message could not be sent after all. */
  restore: (items: UploadItem[]) => void;
  /** Shows files already in the thread's uploads (not yet sent) as finished chips. */
  adopt: (files: ThreadFile[]) => void;
}

const ofThread = (threadId: string) => (upload: Upload) =>
  upload.target.kind === "thread" && upload.target.threadId === threadId;

/**
 * The composer's attachments: this chat's uploads in the workspace's upload manager. Each
 * file uploads on its own request with its own progress, so one failure leaves the others
 * alone, and leaving the chat does not stop them: they are still here on the way back.
 */
export function useUploadQueue({ threadId, maxBytes }: { threadId: string; maxBytes: number }): UploadQueue {
  const t = useTranslations("chat");
  const queryClient = useQueryClient();
  const all = useUploads();
  const items = useMemo(() => all.filter(ofThread(threadId)), [all, threadId]);

  function remove(id: string) {
    const item = items.find((candidate) => candidate.id === id);
    uploadManager.cancel(id);
    // A removed chip must not leave the file behind in the thread for the agent to find.
    if (item?.status === "added" && item.threadFile) {
      const filename = item.threadFile.filename;
      api
        .deleteThreadUpload(threadId, filename)
        .catch(() => toast.error(t("removeUploadFailed", { name: filename })))
        .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.threadUploads(threadId) }));
    }
  }

  function adopt(files: ThreadFile[]) {
    const shown = new Set(
      uploadManager
        .snapshot()
        .flatMap((upload) => (ofThread(threadId)(upload) && upload.threadFile ? [upload.threadFile.filename] : [])),
    );
    uploadManager.put(
      files.filter((file) => !shown.has(file.filename)).map((file) => uploadManager.stored(threadId, file)),
    );
  }

  return {
    items,
    isUploading: items.some((item) => item.status === "queued" || item.status === "uploading"),
    add: (files) => uploadManager.add({ kind: "thread", threadId }, files, { maxBytes }),
    remove,
    takeFinished: () => uploadManager.take((upload) => ofThread(threadId)(upload) && upload.status === "added"),
    restore: (restored) => uploadManager.put(restored),
    adopt,
  };
}
