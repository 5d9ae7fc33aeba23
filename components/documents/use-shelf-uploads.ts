"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { queryKeys } from "@/lib/client/query-keys";
import { ShelfUploadError, uploadToShelf, type ShelfUploadFailure } from "./upload-to-shelf";

export interface ShelfUpload {
  id: string;
  name: string;
  status: "queued" | "uploading" | "added" | "deduplicated" | "error";
  /** 0..1 while uploading. */
  progress: number;
  failure?: ShelfUploadFailure;
  /** The shelf's name for the file; on a dedup hit, the existing document's name. */
  shelfName?: string;
}

export interface ShelfUploads {
  items: ShelfUpload[];
  add: (files: File[]) => void;
  dismiss: (id: string) => void;
  clearFinished: () => void;
}

let nextId = 0;

/**
 * Files for a project's shelf, uploaded one request each and one after another: the server
 * locks the project per upload, so parallel requests would only queue there while all their
 * progress bars stalled. Each file keeps its own progress and outcome, and the list refreshes
 * after every file so a long batch shows its documents as they land.
 */
export function useShelfUploads({ projectId, maxBytes }: { projectId: string; maxBytes: number }): ShelfUploads {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ShelfUpload[]>([]);
  const waiting = useRef<{ id: string; file: File }[]>([]);
  const draining = useRef(false);
  const current = useRef<AbortController | null>(null);

  // Leaving the tab abandons the batch rather than finishing it unseen.
  useEffect(
    () => () => {
      waiting.current = [];
      current.current?.abort();
    },
    [],
  );

  const update = (id: string, patch: Partial<ShelfUpload>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function uploadOne({ id, file }: { id: string; file: File }) {
    // Checked here too so a huge file fails at once instead of after streaming to the limit.
    if (maxBytes > 0 && file.size > maxBytes) return update(id, { status: "error", failure: { kind: "tooLarge" } });
    const controller = new AbortController();
    current.current = controller;
    update(id, { status: "uploading" });
    try {
      const result = await uploadToShelf({ projectId, file, signal: controller.signal, onProgress: (progress) => update(id, { progress }) });
      update(id, { status: result.deduplicated ? "deduplicated" : "added", progress: 1, shelfName: result.document.name });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projectDocuments(projectId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
      ]);
    } catch (error) {
      const failure: ShelfUploadFailure = error instanceof ShelfUploadError ? error.failure : { kind: "network" };
      if (failure.kind !== "aborted") update(id, { status: "error", failure });
    } finally {
      current.current = null;
    }
  }

  async function drain() {
    if (draining.current) return;
    draining.current = true;
    for (let next = waiting.current.shift(); next; next = waiting.current.shift()) await uploadOne(next);
    draining.current = false;
  }

  function add(files: File[]) {
    const queued = files.map((file) => ({ id: `shelf-upload-${++nextId}`, file }));
    setItems((all) => [...all, ...queued.map(({ id, file }) => ({ id, name: file.name, status: "queued" as const, progress: 0 }))]);
    waiting.current.push(...queued);
    void drain();
  }

  const finished = (item: ShelfUpload) => item.status !== "queued" && item.status !== "uploading";

  return {
    items,
    add,
    dismiss: (id) => setItems((all) => all.filter((item) => item.id !== id || !finished(item))),
    clearFinished: () => setItems((all) => all.filter((item) => !finished(item))),
  };
}
