"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { api, type ThreadFile } from "@/lib/client/api";
import { UploadError, uploadThreadFile, type UploadFailure } from "@/lib/client/upload-file";
import { queryKeys } from "@/lib/client/query-keys";

export interface UploadItem {
  id: string;
  name: string;
  sizeBytes: number;
  status: "uploading" | "done" | "error";
  /** 0..1 while uploading. */
  progress: number;
  failure?: UploadFailure;
  /** The stored file once done (its name may differ from the picked one: `_1` suffixes). */
  file?: ThreadFile;
}

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

let nextId = 0;

/**
 * The composer's attachments: each picked or dropped file uploads on its own request with
 * its own progress, so one failure (too large, rejected name) leaves the others alone.
 */
export function useUploadQueue({ threadId, maxBytes }: { threadId: string; maxBytes: number }): UploadQueue {
  const t = useTranslations("chat");
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  // Leaving the chat abandons uploads still in flight rather than finishing them unseen.
  useEffect(() => {
    const inFlight = controllers.current;
    return () => inFlight.forEach((controller) => controller.abort());
  }, []);

  const update = (id: string, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  function start(file: File) {
    const id = `upload-${++nextId}`;
    const base = { id, name: file.name, sizeBytes: file.size, progress: 0 };
    // Checked here too so a huge file fails at once instead of after streaming to the limit.
    if (file.size > maxBytes) {
      setItems((current) => [...current, { ...base, status: "error", failure: { kind: "tooLarge" } }]);
      return;
    }
    const controller = new AbortController();
    controllers.current.set(id, controller);
    setItems((current) => [...current, { ...base, status: "uploading" }]);
    uploadThreadFile({ threadId, file, signal: controller.signal, onProgress: (progress) => update(id, { progress }) })
      .then((stored) => {
        update(id, { status: "done", progress: 1, file: stored });
        void queryClient.invalidateQueries({ queryKey: queryKeys.chatUploads(threadId) });
      })
      .catch((error: unknown) => {
        const failure: UploadFailure = error instanceof UploadError ? error.failure : { kind: "network" };
        if (failure.kind !== "aborted") update(id, { status: "error", failure });
      })
      .finally(() => controllers.current.delete(id));
  }

  function remove(id: string) {
    const item = items.find((candidate) => candidate.id === id);
    setItems((current) => current.filter((candidate) => candidate.id !== id));
    controllers.current.get(id)?.abort();
    // A removed chip must not leave the file behind in the thread for the agent to find.
    if (item?.status === "done" && item.file) {
      const filename = item.file.filename;
      api
        .deleteThreadUpload(threadId, filename)
        .catch(() => toast.error(t("removeUploadFailed", { name: filename })))
        .finally(() => void queryClient.invalidateQueries({ queryKey: queryKeys.chatUploads(threadId) }));
    }
  }

  function takeFinished(): UploadItem[] {
    const finished = items.filter((item) => item.status === "done");
    const ids = new Set(finished.map((item) => item.id));
    setItems((current) => current.filter((item) => !ids.has(item.id)));
    return finished;
  }

  function restore(restored: UploadItem[]) {
    setItems((current) => [...restored, ...current]);
  }

  function adopt(files: ThreadFile[]) {
    setItems((current) => {
      const shown = new Set(current.flatMap((item) => (item.file ? [item.file.filename] : [])));
      const adopted = files
        .filter((file) => !shown.has(file.filename))
        .map((file): UploadItem => ({ id: `upload-${++nextId}`, name: file.filename, sizeBytes: file.sizeBytes, status: "done", progress: 1, file }));
      return adopted.length > 0 ? [...adopted, ...current] : current;
    });
  }

  return {
    items,
    isUploading: items.some((item) => item.status === "uploading"),
    add: (files) => files.forEach(start),
    remove,
    takeFinished,
    restore,
    adopt,
  };
}
